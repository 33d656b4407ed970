import type { Knex } from '@ems/db';
import { ConflictError, InputError, isAppError } from '@ems/schema';
import { recordOperatorActions } from '../audit/operatorAction';
import { API_KEY_ALREADY_ROTATED, createApiKey, listApiKeySummaries, revokeApiKey, rotateApiKey, type ApiKeySummary } from '../apiKeys';
import type { DataScope } from '../scope';
import { optionalRowId, rowId } from './ids';

/**
 * The admin portal's partner API keys (issue 20), on the machinery of `npm run keys`
 * (domain/apiKeys.ts): an operator sees and manages the partner keys of their registration system
 * whose organisations are all organisations they administer, and makes keys only for those. The
 * key is returned once, by the mutation that made it, and never logged (the audit entry keeps the
 * prefix and scope).
 */
export type PartnerKeyResult =
  | { ok: true; apiKey: ApiKeySummary; key?: string; previous?: ApiKeySummary }
  | { ok: false; code: 'NOT_FOUND' | 'INVALID_INPUT' | 'ALREADY_ROTATED'; message: string };

function operatorsKey(scope: DataScope, key: ApiKeySummary): boolean {
  return (
    key.portal === 'partner' &&
    key.registrationSystemId === scope.registrationSystemId &&
    !!key.organisationIds?.length &&
    key.organisationIds.every((id) => scope.adminOrganisationIds.has(id))
  );
}

/** What the audit log keeps of a key: never the key itself. */
function auditView(key: ApiKeySummary) {
  return {
    prefix: key.prefix,
    label: key.label,
    scopes: key.scopes,
    organisationIds: key.organisationIds,
    expiresAt: key.expiresAt,
    revokedAt: key.revokedAt,
  };
}

export async function operatorApiKeys(db: Knex, scope: DataScope | null, includeRevoked: boolean): Promise<ApiKeySummary[]> {
  if (!scope || scope.adminOrganisationIds.size === 0) return [];
  return (await listApiKeySummaries(db, { includeRevoked })).filter((k) => operatorsKey(scope, k));
}

/** A key of the operator's, or null. */
async function findOperatorsKey(db: Knex, scope: DataScope, id: number): Promise<ApiKeySummary | null> {
  return (await listApiKeySummaries(db, { includeRevoked: true })).find((k) => k.id === id && operatorsKey(scope, k)) ?? null;
}

/**
 * Expected refusals of the key machinery as values: InputError (bad scope, label, expiry), and a
 * second rotation of a key (its message names key ids, which this screen does not show).
 */
async function asResult(run: () => Promise<PartnerKeyResult>): Promise<PartnerKeyResult> {
  try {
    return await run();
  } catch (err) {
    if (isAppError(err) && err instanceof InputError) return { ok: false, code: 'INVALID_INPUT', message: err.message };
    if (err instanceof ConflictError && err.code === API_KEY_ALREADY_ROTATED) return alreadyRotated;
    throw err;
  }
}

const notFound = { ok: false, code: 'NOT_FOUND', message: 'No such partner key in your organisations.' } as const;
const alreadyRotated = {
  ok: false,
  code: 'ALREADY_ROTATED',
  message: 'This key has already been rotated; its new key is in the list. Rotate that one if you need another.',
} as const;

export async function createPartnerApiKey(
  db: Knex,
  scope: DataScope | null,
  input: { label: string; scopes: string[]; organisationIds?: string[] | null; expiresInDays?: number | null },
): Promise<PartnerKeyResult> {
  if (!scope || scope.adminOrganisationIds.size === 0) return notFound;
  const label = input.label.trim();
  if (!label) return { ok: false, code: 'INVALID_INPUT', message: 'A partner key needs a name.' };
  // Left out: all the operator's organisations. Given: exactly those, so an empty list is a
  // mistake (a form that lost its choice), never "all of them".
  if (input.organisationIds && input.organisationIds.length === 0)
    return {
      ok: false,
      code: 'INVALID_INPUT',
      message: 'Choose at least one organisation for the key, or leave the choice out for all of yours.',
    };
  const chosen = (input.organisationIds ?? []).map((id) => optionalRowId(id, 'organisationIds')!);
  if (chosen.some((id) => !scope.adminOrganisationIds.has(id)))
    return { ok: false, code: 'INVALID_INPUT', message: 'You can only give a key organisations you run.' };
  const organisationIds = input.organisationIds ? chosen : [...scope.adminOrganisationIds];
  return asResult(() =>
    db.transaction(async (trx) => {
      const issued = await createApiKey(trx, {
        portal: 'partner',
        label,
        registrationSystemId: scope.registrationSystemId,
        organisationIds,
        scopes: input.scopes,
        expiresInDays: input.expiresInDays ?? null,
      });
      await recordOperatorActions(
        trx,
        scope,
        organisationIds.map((organisationId) => ({
          organisationId,
          action: 'apiKey.created',
          subjectType: 'apiKey',
          subjectId: issued.apiKey.id,
          before: null,
          after: auditView(issued.apiKey),
        })),
      );
      return { ok: true, apiKey: issued.apiKey, key: issued.key } as const;
    }),
  );
}

/**
 * A new key with the old one's scope; the old one keeps working for `overlapHours` (0: revoked
 * now). Once per key: a second rotation, also a concurrent one, is ALREADY_ROTATED.
 */
export async function rotatePartnerApiKey(
  db: Knex,
  scope: DataScope | null,
  args: { id: string; overlapHours?: number | null; expiresInDays?: number | null },
): Promise<PartnerKeyResult> {
  const id = rowId(args.id, 'id');
  if (!scope) return notFound;
  return asResult(() =>
    db.transaction(async (trx) => {
      const old = await findOperatorsKey(trx, scope, id);
      if (!old || old.status === 'revoked' || old.status === 'expired') return notFound;
      const rotated = await rotateApiKey(trx, id, {
        overlapHours: args.overlapHours ?? undefined,
        expiresInDays: args.expiresInDays ?? null,
      });
      await recordOperatorActions(
        trx,
        scope,
        (old.organisationIds ?? []).map((organisationId) => ({
          organisationId,
          action: 'apiKey.rotated',
          subjectType: 'apiKey',
          subjectId: id,
          before: auditView(old),
          after: { previous: auditView(rotated.previous), new: { id: rotated.issued.apiKey.id, ...auditView(rotated.issued.apiKey) } },
        })),
      );
      return { ok: true, apiKey: rotated.issued.apiKey, key: rotated.issued.key, previous: rotated.previous } as const;
    }),
  );
}

export async function revokePartnerApiKey(db: Knex, scope: DataScope | null, idText: string): Promise<PartnerKeyResult> {
  const id = rowId(idText, 'id');
  if (!scope) return notFound;
  return db.transaction(async (trx) => {
    const old = await findOperatorsKey(trx, scope, id);
    if (!old) return notFound;
    const revoked = await revokeApiKey(trx, id);
    if (!revoked.alreadyRevoked) {
      await recordOperatorActions(
        trx,
        scope,
        (old.organisationIds ?? []).map((organisationId) => ({
          organisationId,
          action: 'apiKey.revoked',
          subjectType: 'apiKey',
          subjectId: id,
          before: auditView(old),
          after: auditView(revoked.apiKey),
        })),
      );
    }
    return { ok: true, apiKey: revoked.apiKey } as const;
  });
}
