import { signAccessToken, type TokenResponse } from '@ems/schema';
import type { AccountWithMemberships } from '../data/accounts';

export interface TokenSettings {
  jwtSecret: string;
  validitySeconds: number;
}

/**
 * The token for an account: authorities are the union of its OrgUser roles (applied without an
 * added prefix, as stored) and `extraAuthorities`, `orgId` its primary organisation.
 */
export function issueTokenForAccount(
  account: AccountWithMemberships,
  settings: TokenSettings,
  now = new Date(),
  extraAuthorities: readonly string[] = [],
): TokenResponse {
  const roles = new Set<string>(extraAuthorities);
  for (const o of account.orgUsers) for (const r of o.roles) roles.add(r);
  if (roles.size === 0) roles.add('ROLE_USER');
  const primary = account.orgUsers.find((o) => o.isPrimary) ?? account.orgUsers[0];
  return signAccessToken(
    {
      userKey: account.userKey,
      authorities: [...roles].sort(),
      accountId: account.id,
      personId: account.personId,
      orgId: primary?.organisationId ?? null,
      registrationSystemId: account.registrationSystemId,
    },
    settings.jwtSecret,
    settings.validitySeconds,
    now,
  );
}
