import type { Knex } from '@ems/db';
import {
  AUTH_ERRORS,
  ForbiddenError,
  NotFoundError,
  OPERATOR_AUTHORITY,
  type OperatorExchangeResponse,
  type OperatorTenant,
} from '@ems/schema';
import { findAccountByUserKey } from '../data/accounts';
import { findOperatorAccounts, linkOperatorIdentity, type OperatorAccountRow } from '../data/operators';
import { issueTokenForAccount, type TokenSettings } from './tokens';

/** ID token claims the admin portal's router has validated (issuer, audience, signature, nonce, expiry). */
export interface OperatorClaims {
  iss: string;
  sub: string;
  email?: string;
  emailVerified?: boolean;
}

/**
 * One account per registration system: the identity-linked one first, then the lowest id (two
 * operator accounts of one tenant with the same verified e-mail are one person's).
 */
function tenantsOf(rows: readonly OperatorAccountRow[]): Array<OperatorTenant & { accountId: number; userKey: string }> {
  const chosen = new Map<number, OperatorAccountRow>();
  for (const row of rows) {
    const current = chosen.get(row.registrationSystemId);
    if (!current || (row.linked && !current.linked) || (row.linked === current.linked && row.accountId < current.accountId)) {
      chosen.set(row.registrationSystemId, row);
    }
  }
  return [...chosen.values()]
    .sort((a, b) => a.registrationSystemId - b.registrationSystemId)
    .map((account) => ({
      registrationSystemId: account.registrationSystemId,
      name: account.registrationSystemName,
      accountId: account.accountId,
      userKey: account.userKey,
      organisations: rows.filter((r) => r.accountId === account.accountId).map((r) => ({ id: r.organisationId, name: r.organisationName })),
    }));
}

/**
 * `POST /auth/token-exchange/oauth2` with the admin portal's key (contract rule 11: its sign-in
 * and its tenant switch). The operator is found by (issuer, subject), or by the provider's
 * verified e-mail address, among accounts that administer an organisation (ROLE_ORG_ADMIN); the
 * token is that of the account in ONE registration system (the requested one, else the first),
 * so it carries only that tenant's rights. The answer lists every tenant the operator can switch to.
 */
export async function exchangeOperatorClaims(
  db: Knex,
  input: { claims: OperatorClaims; requestedTenant: number | undefined; keyTenant: number | null },
  settings: TokenSettings,
): Promise<OperatorExchangeResponse> {
  const { claims } = input;
  return db.transaction(async (trx) => {
    const rows = await findOperatorAccounts(trx, {
      issuer: claims.iss,
      subject: claims.sub,
      verifiedEmail: claims.email && claims.emailVerified === true ? claims.email : null,
    });
    // A tenant-scoped admin key signs operators in to its own tenant only.
    const tenants = tenantsOf(input.keyTenant === null ? rows : rows.filter((r) => r.registrationSystemId === input.keyTenant));
    if (tenants.length === 0) throw new NotFoundError(AUTH_ERRORS.userNotFound.message);
    const tenant = input.requestedTenant === undefined ? tenants[0] : tenants.find((t) => t.registrationSystemId === input.requestedTenant);
    if (!tenant) {
      throw new ForbiddenError('The operator does not administer an organisation of this registration system', {
        code: 'TENANT_NOT_ALLOWED',
      });
    }
    await linkOperatorIdentity(
      trx,
      claims.iss,
      claims.sub,
      tenants.map((t) => t.accountId),
    );
    const account = await findAccountByUserKey(trx, tenant.registrationSystemId, tenant.userKey);
    if (!account) throw new NotFoundError(AUTH_ERRORS.userNotFound.message);
    return {
      ...issueTokenForAccount(account, settings, new Date(), [OPERATOR_AUTHORITY]),
      registrationSystemId: tenant.registrationSystemId,
      tenants: tenants.map(({ registrationSystemId, name, organisations }) => ({ registrationSystemId, name, organisations })),
    };
  });
}
