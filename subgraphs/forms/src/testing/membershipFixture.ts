import type { MembershipPort, OptionCode, OrderPaymentState } from '../domain/membershipPort';

/**
 * What the tests need to arrange and observe on membership's side, whichever implementation
 * backs the port: periods to register for, payments to happen, and the orders and memberships
 * that completion created.
 */
export interface PeriodSpec {
  registrationSystemId: number;
  organisationId: number;
  status?: 'open' | 'closed';
  registrationOpensOn?: string;
  registrationClosesOn?: string;
  membershipTypes?: Array<{ code: string; name: string }>;
  options?: OptionCode[];
}

export interface OrderSeen {
  id: number;
  accountId: number;
  status: 'unpaid' | 'paid' | 'cancelled';
}

export interface MembershipSeen {
  personId: number;
  orderId: number | null;
  status: 'pending_payment' | 'active' | 'cancelled';
  membershipTypeCode: string;
}

export interface MembershipFixture {
  port: MembershipPort;
  createPeriod(spec: PeriodSpec): Promise<number>;
  /** A person who already holds an active membership in the period (status Registered). */
  registerActive(personId: number, periodId: number, membershipTypeCode?: string): Promise<void>;
  /** A payment attempt of the order reached `status`; `succeeded` pays the order. */
  recordPayment(orderId: number, status: Exclude<OrderPaymentState['lastAttempt'], 'none'>): Promise<void>;
  orders(accountId: number): Promise<OrderSeen[]>;
  memberships(personIds: number[]): Promise<MembershipSeen[]>;
}
