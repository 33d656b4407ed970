import { parseArgs } from 'node:util';
import { createKnex, type Knex } from '@ems/db';
import { isAppError } from '@ems/schema';
import { findTenantMemberOidc } from '../data/memberOidc';
import { configureMemberOidc, removeMemberOidc } from '../domain/memberSignIn/tenantProvider';
import { readAllStdin, type CliIo } from '@ems/service-runtime';
import { loadEnv } from './env';

/**
 * `npm run member-oidc -- <set|show|remove>`: a tenant's member OpenID provider (contract rule 12).
 * The client secret is read from stdin only (not the shell history, not the process list) and is
 * never printed. Routers see a change within their 30 s settings cache.
 */
export const USAGE = `Usage: npm run member-oidc -- <command> <registrationSystemId> [options]

  set <id> --issuer <url> --client-id <id> --name <text> [--no-anonymous]   (client secret on stdin)
      Members of the tenant sign in with this provider ("Sign in with <text>"), or continue
      anonymously unless --no-anonymous. Register <portal>/api/auth/oidc/callback at the provider
      for each host of the tenant.
  show <id>      The provider (never its secret).
  remove <id>    No member sign-in and no anonymous registration from now on.
`;

/** Runs one command; returns the exit code (2: usage or input, 1: failure). */
export async function runMemberOidcCommand(argv: string[], db: Knex, io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        issuer: { type: 'string' },
        'client-id': { type: 'string' },
        name: { type: 'string' },
        'no-anonymous': { type: 'boolean' },
      },
    });
  } catch (err) {
    io.err(`member-oidc: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}\n\n${USAGE}`);
    return 2;
  }
  const [command, idText, ...extra] = parsed.positionals;
  const id = Number(idText);
  if (!command || !/^\d+$/.test(idText ?? '') || !Number.isSafeInteger(id) || id <= 0 || extra.length) {
    io.err(`member-oidc: a command and a registration system id are required\n\n${USAGE}`);
    return 2;
  }
  try {
    if (command === 'set') {
      const { issuer, 'client-id': clientId, name } = parsed.values;
      if (!issuer || !clientId || !name) {
        io.err(`member-oidc: set needs --issuer, --client-id and --name\n\n${USAGE}`);
        return 2;
      }
      const clientSecret = (await io.readStdin()).trim();
      await configureMemberOidc(db, {
        registrationSystemId: id,
        issuerUrl: issuer,
        clientId,
        clientSecret,
        displayName: name,
        anonymousAllowed: !parsed.values['no-anonymous'],
      });
      io.out(`Registration system ${id}: members sign in with "${name.trim()}".`);
      return 0;
    }
    if (command === 'show') {
      const config = await findTenantMemberOidc(db, id);
      if (!config) io.out(`Registration system ${id} has no member sign-in.`);
      else
        io.out(
          `Registration system ${id}: "${config.displayName}", issuer ${config.issuerUrl}, client ${config.clientId}, ` +
            `anonymous registration ${config.anonymousAllowed ? 'offered' : 'not offered'}.`,
        );
      return 0;
    }
    if (command === 'remove') {
      io.out(
        (await removeMemberOidc(db, id))
          ? `Registration system ${id}: member sign-in removed.`
          : `Registration system ${id} had no member sign-in.`,
      );
      return 0;
    }
    io.err(`member-oidc: unknown command ${command}\n\n${USAGE}`);
    return 2;
  } catch (err) {
    io.err(`member-oidc: ${isAppError(err) ? err.message : `failed: ${err instanceof Error ? err.message : String(err)}`}`);
    return isAppError(err) ? 2 : 1;
  }
}

if (require.main === module) {
  const db = createKnex(loadEnv().DATABASE_URL, { poolMax: 2, applicationName: 'ems-member-oidc' });
  void runMemberOidcCommand(process.argv.slice(2), db, {
    out: (text) => console.log(text),
    err: (text) => console.error(text),
    readStdin: readAllStdin,
  })
    .then((code) => {
      process.exitCode = code;
    })
    .finally(() => db.destroy());
}
