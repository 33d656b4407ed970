import { parseArgs } from 'node:util';
import { createKnex, type Knex } from '@ems/db';
import { AdminServiceClient } from '../auth/adminClient';
import { deleteSessionsOfAccount } from '../data/sessions';
import { positiveInteger, UsageError } from '@ems/service-runtime';
import { loadEnv } from './env';

export { UsageError };

/**
 * `npm run sessions -- end --user <userKey> [--tenant <id>]` or `end --account <id>`: signs one
 * user out everywhere at once. Every router keeps its sessions in the one shared table, and the
 * JWT lives only in the session, so deleting the rows ends the user's access through every
 * gateway instance. A user key is turned into its account by the admin service (membership owns
 * accounts), with the portal's key.
 */

export const USAGE = `Usage: npm run sessions -- end --user <userKey> [--tenant <registrationSystemId>]
       npm run sessions -- end --account <accountId>

  Ends every session of one user at once and prints how many were ended.
  --tenant defaults to DEFAULT_REGISTRATION_SYSTEM_ID, else 1.
`;

export type SessionsTarget = { userKey: string; registrationSystemId: number } | { accountId: number };

export type SessionsCommand = { kind: 'help' } | { kind: 'end'; target: SessionsTarget };

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

export function parseSessionsCommand(argv: string[], defaultTenant: number): SessionsCommand {
  const [command, ...rest] = argv;
  if (command === 'help' || command === '--help' || command === '-h') return { kind: 'help' };
  if (command === undefined) throw new UsageError('a command is required');
  if (command !== 'end') throw new UsageError(`unknown command "${command}"`);
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      options: { user: { type: 'string' }, tenant: { type: 'string' }, account: { type: 'string' } },
      strict: true,
    });
  } catch (err) {
    throw new UsageError(err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err));
  }
  const { user, tenant, account } = parsed.values;
  if ((user === undefined) === (account === undefined)) throw new UsageError('give either --user or --account');
  if (account !== undefined) {
    if (tenant !== undefined) throw new UsageError('--tenant goes with --user (an account belongs to one tenant)');
    return { kind: 'end', target: { accountId: positiveInteger('--account', account) } };
  }
  const userKey = (user ?? '').trim();
  if (!userKey) throw new UsageError('--user must not be empty');
  const registrationSystemId = tenant === undefined ? defaultTenant : positiveInteger('--tenant', tenant);
  return { kind: 'end', target: { userKey, registrationSystemId } };
}

/** Finds the account of a user key in a tenant; null when there is none. */
export type AccountLookup = (registrationSystemId: number, userKey: string) => Promise<number | null>;

/** The admin service's answer to "whose account is this user key?". */
export function accountLookupVia(admin: AdminServiceClient): AccountLookup {
  return async (registrationSystemId, userKey) => {
    const result = await admin.accountOf(registrationSystemId, userKey);
    if (result.ok) return result.value.accountId;
    if (result.status === 404) return null;
    throw new Error(`the admin service answered ${result.status}: ${result.body.message ?? 'no message'}`);
  };
}

/** Ends every session of the target's account; null when no account has that user key in that tenant. */
export async function endSessions(
  db: Knex,
  accountOf: AccountLookup,
  target: SessionsTarget,
): Promise<{ accountId: number; ended: number } | null> {
  const accountId = 'accountId' in target ? target.accountId : await accountOf(target.registrationSystemId, target.userKey);
  if (accountId === null) return null;
  return { accountId, ended: await deleteSessionsOfAccount(db, accountId) };
}

/** Runs `end`; returns the exit code (1: no such user). */
export async function runEndSessions(db: Knex, accountOf: AccountLookup, target: SessionsTarget, io: CliIo): Promise<number> {
  const result = await endSessions(db, accountOf, target);
  if (!result) {
    if ('userKey' in target)
      io.err(`sessions: no account with user key "${target.userKey}" in registration system ${target.registrationSystemId}`);
    return 1;
  }
  const who = 'userKey' in target ? `user "${target.userKey}" (account ${result.accountId})` : `account ${result.accountId}`;
  io.out(`Ended ${result.ended} session${result.ended === 1 ? '' : 's'} of ${who}.`);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const env = loadEnv();
  let command: SessionsCommand;
  try {
    command = parseSessionsCommand(argv, env.DEFAULT_REGISTRATION_SYSTEM_ID);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`sessions: ${err.message}\n\n${USAGE}`);
    return 2;
  }
  if (command.kind === 'help') {
    console.log(USAGE);
    return 0;
  }
  const db = createKnex(env.DATABASE_URL, { poolMax: 1, applicationName: 'ems-sessions' });
  const accountOf = accountLookupVia(new AdminServiceClient(env.MEMBERSHIP_URL, env.ADMIN_SERVICE_API_KEY));
  try {
    return await runEndSessions(db, accountOf, command.target, { out: (t) => console.log(t), err: (t) => console.error(t) });
  } finally {
    await db.destroy();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(`sessions: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    },
  );
}
