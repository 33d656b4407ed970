import type { PersonWrite } from '../events/types';

/**
 * The shapes `@ems/membership/events` exchanges with the imports subgraph's membership import
 * (M01; docs/imports.md, docs/decisions.md "Membership import"). Dates are `YYYY-MM-DD` text.
 */

/** The organisation an import writes members into; everything it names must be this organisation's. */
export interface MemberImportTarget {
  registrationSystemId: number;
  organisationId: number;
  /** The import's date: prices of memberships awaiting payment are taken on it, as a registration's would be. */
  today: string;
  /** The import job, recorded with what it creates (merge candidates, the memberships' details). */
  importJobId: string | null;
  /**
   * When the job started (its upload): an existing account is attached to the organisation only
   * when that connects nobody the organisation did not reach before (attachableAccountCondition);
   * null: now.
   */
  startedAt: Date | null;
}

/** An organisation's periods and active membership types, as the cells stage offers them. */
export interface MemberImportChoice {
  id: number;
  label: string;
}

export type ImportedMembershipStatus = 'active' | 'pending_payment';

/** A member row's write; rows naming the same new person share it. */
export interface MemberWrite extends PersonWrite {
  /** The customer website's user key of this person's own login: the account whose own person it is. */
  userKey: string | null;
  /**
   * The user keys of the row's household (every user key on a row with the same household key),
   * the first being the household's payer. The row's person is linked to each of their accounts.
   */
  householdUserKeys: readonly string[];
  periodId: number;
  membershipTypeId: number;
  status: ImportedMembershipStatus;
  /** Kept when given (unique in the period); otherwise an active membership gets the next number of the pattern. */
  membershipNumber: string | null;
  /** YYYY-MM-DD, or only the year (YYYY): before the period began, the row renews. */
  memberSince: string | null;
}

/** Why applyMembers refused a row; a refused row writes nothing. */
export type MemberRejection =
  | 'PERSON_NOT_FOUND'
  | 'PERIOD_NOT_FOUND'
  | 'UNKNOWN_MEMBERSHIP_TYPE'
  | 'DATE_OF_BIRTH_MISSING'
  | 'AGE_GROUP_NOT_OFFERED'
  | 'PERSON_TWICE_IN_PERIOD'
  | 'MEMBERSHIP_DIFFERS'
  | 'NUMBER_TAKEN'
  | 'NUMBER_TWICE_IN_FILE'
  | 'USER_KEY_OF_OTHER_PERSON'
  | 'ACCOUNT_OF_ANOTHER_ORGANISATION'
  | 'NO_PAYING_ACCOUNT'
  | 'NOT_REGISTERING'
  | 'NOT_PRICED';

export type MemberAction = 'CREATED' | 'UPDATED' | 'UNCHANGED' | 'REJECTED';

export interface MemberWriteResult {
  key: number;
  action: MemberAction;
  personId: number | null;
  membershipId: number | null;
  personCreated: boolean;
  personUpdated: boolean;
  /** new or renewal (active in the period before), as an online registration decides it. */
  memberType: 'new' | 'renewal' | null;
  membershipNumber: string | null;
  /** The unpaid order of a membership awaiting payment. */
  orderId: number | null;
  /** Accounts this row created and links (LinkedPerson) it added. */
  accountsCreated: number;
  linksCreated: number;
  reason: MemberRejection | null;
  /** The refusal as the operator reads it. */
  message: string | null;
}
