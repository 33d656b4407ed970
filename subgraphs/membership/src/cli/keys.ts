import { parseArgs } from 'node:util';
import { createKnex, MIN_API_KEY_LENGTH, type Knex, type Portal } from '@ems/db';
import { InputError, isAppError, PARTNER_SCOPES } from '@ems/schema';
import {
  createApiKey,
  DEFAULT_OVERLAP_HOURS,
  listApiKeySummaries,
  PORTALS,
  revokeApiKey,
  rotateApiKey,
  type ApiKeySummary,
  type IssuedApiKey,
  type NewApiKeyInput,
  type RotateApiKeyInput,
} from '../domain/apiKeys';
import { positiveInteger, readAllStdin, UsageError, type CliIo } from '@ems/service-runtime';
import { loadEnv } from './env';

export { UsageError, type CliIo };

/**
 * `npm run keys -- <create|list|rotate|revoke>`: the operator's tool for the admin service's API
 * keys. A new key is printed once, here, and nowhere else; no output ever carries a key hash.
 * Running services pick up every change at once (see ApiKeyVerifier.listen).
 */

export const USAGE = `Usage: npm run keys -- <command> [options]

  create <portal> [--label <text>] [--tenant <id>] [--orgs <id,id,...>] [--scope <scope>]... [--expires-in-days <n>] [--value <key>|-]
      A new key for portal ${PORTALS.join('|')} (the portal may also be given as --portal).
      --tenant scopes it to one registration system, --orgs to some organisations.
      A partner key needs --tenant, --orgs and at least one --scope (${PARTNER_SCOPES.join(', ')});
      --scope may be repeated or take a comma-separated list.
      --value stores an operator-generated key (at least ${MIN_API_KEY_LENGTH} characters) instead of generating one;
      "--value -" reads it from stdin, which keeps it out of the shell history and the process list.
  list [--all]
      The keys (never the keys themselves): id, prefix, portal, label, scope, dates, status.
      --all includes revoked keys.
  rotate <id> [--overlap-hours <h>] [--label <text>] [--expires-in-days <n>] [--value <key>|-]
      A new key with the portal and scope of key <id>; key <id> keeps working for the overlap
      (default ${DEFAULT_OVERLAP_HOURS} h). --overlap-hours 0 revokes it at once (emergency rotation).
      A key is rotated once: rotating it again is refused (exit 1); rotate its successor instead.
  revoke <id>
      Key <id> stops working at once: the end of a rotation, or the emergency path.
`;

export type KeysCommand =
  | { kind: 'help' }
  | { kind: 'create'; input: NewApiKeyInput; valueFromStdin: boolean }
  | { kind: 'list'; includeRevoked: boolean }
  | { kind: 'rotate'; id: number; input: RotateApiKeyInput; valueFromStdin: boolean }
  | { kind: 'revoke'; id: number };

/** Parses the arguments after `keys`; throws UsageError before anything touches the database. */
export function parseKeysCommand(argv: string[]): KeysCommand {
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
      throw new UsageError('a command is required');
    case 'help':
    case '--help':
    case '-h':
      return { kind: 'help' };
    case 'create': {
      const { values, positionals } = parse(rest, {
        portal: { type: 'string' },
        label: { type: 'string' },
        tenant: { type: 'string' },
        orgs: { type: 'string' },
        scope: { type: 'string', multiple: true },
        'expires-in-days': { type: 'string' },
        value: { type: 'string' },
      });
      if (positionals.length > 1) throw new UsageError(`unexpected argument: ${positionals[1]}`);
      if (values.portal !== undefined && positionals[0] !== undefined) throw new UsageError('give the portal once');
      const portal = values.portal ?? positionals[0];
      if (portal === undefined) throw new UsageError(`create needs a portal: ${PORTALS.join(', ')}`);
      if (!isPortal(portal)) throw new UsageError(`unknown portal "${portal}": use ${PORTALS.join(', ')}`);
      return {
        kind: 'create',
        input: {
          portal,
          label: values.label,
          registrationSystemId: optional(values.tenant, (v) => positiveInteger('--tenant', v)),
          organisationIds: optional(values.orgs, idList),
          scopes: values.scope?.flatMap((v) => v.split(',').map((s) => s.trim())).filter(Boolean),
          expiresInDays: optional(values['expires-in-days'], (v) => positiveInteger('--expires-in-days', v)),
          value: values.value === '-' ? undefined : values.value,
        },
        valueFromStdin: values.value === '-',
      };
    }
    case 'list': {
      const { values, positionals } = parse(rest, { all: { type: 'boolean' } });
      if (positionals.length) throw new UsageError(`unexpected argument: ${positionals[0]}`);
      return { kind: 'list', includeRevoked: values.all ?? false };
    }
    case 'rotate': {
      const { values, positionals } = parse(rest, {
        'overlap-hours': { type: 'string' },
        label: { type: 'string' },
        'expires-in-days': { type: 'string' },
        value: { type: 'string' },
      });
      return {
        kind: 'rotate',
        id: keyId(positionals),
        input: {
          overlapHours: optional(values['overlap-hours'], hours),
          label: values.label,
          expiresInDays: optional(values['expires-in-days'], (v) => positiveInteger('--expires-in-days', v)),
          value: values.value === '-' ? undefined : values.value,
        },
        valueFromStdin: values.value === '-',
      };
    }
    case 'revoke': {
      const { positionals } = parse(rest, {});
      return { kind: 'revoke', id: keyId(positionals) };
    }
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

/** Runs a parsed command; returns the exit code (2: bad arguments, 1: refused or failed). */
export async function runKeysCommand(
  command: Exclude<KeysCommand, { kind: 'help' }>,
  db: Knex,
  io: CliIo,
  now = new Date(),
): Promise<number> {
  try {
    switch (command.kind) {
      case 'create': {
        const value = command.valueFromStdin ? await readValue(io) : command.input.value;
        const issued = await createApiKey(db, { ...command.input, value }, now);
        io.out(`API key ${issued.apiKey.id} created for the ${describe(issued.apiKey)}.`);
        showKey(io, issued);
        return 0;
      }
      case 'list': {
        const keys = await listApiKeySummaries(db, { includeRevoked: command.includeRevoked }, now);
        if (keys.length === 0) {
          io.out(command.includeRevoked ? 'No API keys.' : 'No unrevoked API keys (--all shows revoked ones too).');
        } else {
          io.out(formatKeyTable(keys));
        }
        return 0;
      }
      case 'rotate': {
        const value = command.valueFromStdin ? await readValue(io) : command.input.value;
        const { issued, previous, previousStatusBefore } = await rotateApiKey(db, command.id, { ...command.input, value }, now);
        io.out(`API key ${issued.apiKey.id} created to replace key ${previous.id}, for the ${describe(issued.apiKey)}.`);
        showKey(io, issued);
        if (previousStatusBefore === 'revoked') {
          io.out(`Key ${previous.id} was already revoked.`);
        } else if (previousStatusBefore === 'expired') {
          io.out(`Key ${previous.id} had already expired.`);
        } else if (previous.status === 'revoked') {
          io.out(`Key ${previous.id} is revoked (emergency rotation): a portal still using it gets 401 until it has the new key.`);
        } else {
          io.out(
            `Key ${previous.id} keeps working until ${formatDate(previous.expiresAt)}. Put the new key in the portal's configuration ` +
              `and restart the portal, then remove the old key: npm run keys -- revoke ${previous.id}`,
          );
        }
        return 0;
      }
      case 'revoke': {
        const { apiKey, alreadyRevoked } = await revokeApiKey(db, command.id, now);
        io.out(
          alreadyRevoked
            ? `API key ${apiKey.id} was already revoked (${formatDate(apiKey.revokedAt)}).`
            : `API key ${apiKey.id} (prefix ${apiKey.prefix}…) is revoked; running services refuse it from now on. It was for the ${describe(apiKey)}.`,
        );
        return 0;
      }
    }
  } catch (err) {
    if (err instanceof InputError) {
      io.err(`keys: ${err.message}`);
      return 2;
    }
    // AppErrors carry an operator-facing message; others are reported by message only (no stack, no SQL parameters).
    io.err(`keys: ${isAppError(err) ? err.message : `failed: ${err instanceof Error ? err.message : String(err)}`}`);
    return 1;
  }
}

export function formatKeyTable(keys: ApiKeySummary[]): string {
  const header = ['ID', 'PREFIX', 'PORTAL', 'LABEL', 'TENANT', 'ORGS', 'SCOPES', 'CREATED', 'EXPIRES', 'LAST USED', 'REVOKED', 'STATUS'];
  const rows = keys.map((k) => [
    String(k.id),
    `${k.prefix}…`,
    k.portal,
    k.label ?? '-',
    k.registrationSystemId === null ? 'all' : String(k.registrationSystemId),
    k.organisationIds?.join(',') ?? 'all',
    k.scopes.join(',') || '-',
    formatDate(k.createdAt),
    formatDate(k.expiresAt),
    formatDate(k.lastUsedAt),
    formatDate(k.revokedAt),
    k.status,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  return [header, ...rows]
    .map((cells) =>
      cells
        .map((c, i) => c.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function showKey(io: CliIo, issued: IssuedApiKey): void {
  if (issued.imported) {
    io.out(`The supplied key was stored as a hash (prefix ${issued.apiKey.prefix}…); it is not shown again.`);
    return;
  }
  io.out(`\n    ${issued.key}\n`);
  const where =
    issued.apiKey.portal === 'partner'
      ? 'Hand it to the partner over a secure channel (docs/partner-api.md)'
      : "Copy it now into the portal's configuration (ADMIN_SERVICE_API_KEY)";
  io.out(
    'WARNING: this key is shown only once and cannot be retrieved later (only its hash is stored). ' +
      `${where}; do not log it or put it in front-end code.`,
  );
}

function describe(k: ApiKeySummary): string {
  const scope = k.registrationSystemId === null ? 'all registration systems' : `registration system ${k.registrationSystemId}`;
  const orgs = k.organisationIds ? `, organisations ${k.organisationIds.join(', ')}` : '';
  const scopes = k.scopes.length ? `, scopes ${k.scopes.join(', ')}` : '';
  const expiry = k.expiresAt ? `, expires ${formatDate(k.expiresAt)}` : ', no expiry';
  const label = k.label ? `, label "${k.label}"` : '';
  return `${k.portal} portal (${scope}${orgs}${scopes}${expiry}${label})`;
}

function formatDate(d: Date | null): string {
  return d ? `${d.toISOString().slice(0, 16).replace('T', ' ')}Z` : '-';
}

async function readValue(io: CliIo): Promise<string> {
  const value = (await io.readStdin()).trim();
  if (!value) throw new InputError('--value - read no key from stdin');
  return value;
}

type OptionSpec = Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;

function parse<T extends OptionSpec>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err));
  }
}

function isPortal(value: string): value is Portal {
  return (PORTALS as readonly string[]).includes(value);
}

function optional<T>(value: string | undefined, convert: (v: string) => T): T | undefined {
  return value === undefined ? undefined : convert(value);
}

function idList(value: string): number[] {
  const ids = value.split(',').map((s) => s.trim());
  if (ids.some((s) => s === '')) throw new UsageError(`--orgs must be a comma-separated list of organisation ids, not "${value}"`);
  return ids.map((s) => positiveInteger('--orgs', s));
}

function hours(value: string): number {
  if (!/^\d+(\.\d+)?$/.test(value)) throw new UsageError(`--overlap-hours must be a number of hours (0 or more), not "${value}"`);
  return Number(value);
}

function keyId(positionals: string[]): number {
  if (positionals.length === 0) throw new UsageError('the key id is required (see npm run keys -- list)');
  if (positionals.length > 1) throw new UsageError(`unexpected argument: ${positionals[1]}`);
  return positiveInteger('the key id', positionals[0] ?? '');
}

async function main(argv: string[]): Promise<number> {
  let command: KeysCommand;
  try {
    command = parseKeysCommand(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`keys: ${err.message}\n\n${USAGE}`);
    return 2;
  }
  if (command.kind === 'help') {
    console.log(USAGE);
    return 0;
  }
  const env = loadEnv();
  const db = createKnex(env.DATABASE_URL, { poolMax: 2, applicationName: 'ems-keys' });
  try {
    return await runKeysCommand(command, db, {
      out: (text) => console.log(text),
      err: (text) => console.error(text),
      readStdin: readAllStdin,
    });
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
      console.error(`keys: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    },
  );
}
