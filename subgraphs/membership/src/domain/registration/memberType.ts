import type { MemberType } from '../pricing';

/**
 * New, renewal or transfer (docs/design/registration.md): a person who held an active membership
 * in the period's previous period renews, whatever else was answered (a renewal is the cheaper
 * and the truer answer); otherwise a named former club makes a transfer; otherwise new.
 */
export function decideMemberType(input: { activeInPreviousPeriod: boolean; transferFromClub?: string | null }): MemberType {
  if (input.activeInPreviousPeriod) return 'renewal';
  if (input.transferFromClub && input.transferFromClub.trim() !== '') return 'transfer';
  return 'new';
}
