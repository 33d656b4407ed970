import type { Knex } from '@ems/db';
import { membershipRegistration } from '../domain/membershipPort';
import { TODAY } from './fixture';
import type { MembershipFixture, PeriodSpec } from './membershipFixture';

/**
 * The membership side as it really is: `@ems/membership/registration` over membership's tables.
 * Set-up and payments are plain inserts and updates of membership rows (tests may; the forms
 * code never does), shaped as membership's migration defines them.
 */
export async function realMembership(knex: Knex): Promise<MembershipFixture> {
  let numbers = 0;

  async function typeId(trx: Knex | Knex.Transaction, periodId: number, code: string): Promise<number> {
    const row = await trx('membership.membership_types as t')
      .join('membership.membership_periods as p', 'p.organisationId', 't.organisationId')
      .where({ 'p.id': periodId, 't.code': code })
      .first('t.id');
    return row.id;
  }

  async function activate(trx: Knex.Transaction, where: Record<string, unknown>): Promise<void> {
    const pending = await trx('membership.memberships').where(where).where({ status: 'pending_payment' }).select('id');
    for (const m of pending) {
      await trx('membership.memberships')
        .where({ id: m.id })
        .update({ status: 'active', membershipNumber: `T-${(numbers += 1)}-${m.id}`, activatedAt: trx.fn.now() });
    }
  }

  return {
    port: membershipRegistration,

    async createPeriod(spec: PeriodSpec) {
      const types = spec.membershipTypes ?? [{ code: 'individual', name: 'Individual' }];
      for (const t of types) {
        await knex('membership.membership_types')
          .insert({ organisationId: spec.organisationId, code: t.code, name: t.name })
          .onConflict(['organisationId', 'code'])
          .ignore();
      }
      const opens = spec.registrationOpensOn ?? '2026-01-01';
      const closes = spec.registrationClosesOn ?? '2026-12-31';
      const offered = spec.options ?? ['insurance', 'magazine'];
      const pricingRules = {
        currency: 'EUR',
        // Ages on the fixed test date, so that "turns 18 today" is an adult.
        referenceDate: TODAY,
        baseFees: Object.fromEntries(types.map((t) => [t.code, { adult: 10000, junior: 5000, senior: 8000 }])),
        timing: [{ window: 'standard', from: opens < closes ? opens : closes, to: closes > opens ? closes : opens }],
        memberTypes: { new: {}, renewal: {}, transfer: {} },
        options: {
          ...(offered.includes('insurance') ? { insurance: { per: 'person', priceMinor: 1000 } } : {}),
          ...(offered.includes('magazine') ? { magazine: { per: 'order', priceMinor: 1500 } } : {}),
        },
        administrationFeeMinor: 0,
      };
      const [row] = await knex('membership.membership_periods')
        .insert({
          organisationId: spec.organisationId,
          name: 'Season 2026',
          startsOn: '2026-01-01',
          endsOn: '2026-12-31',
          registrationOpensOn: opens,
          registrationClosesOn: closes,
          status: spec.status ?? 'open',
          pricingRules: JSON.stringify(pricingRules),
        })
        .returning('id');
      return row.id;
    },

    async registerActive(personId, periodId, membershipTypeCode = 'individual') {
      await knex('membership.memberships').insert({
        personId,
        periodId,
        membershipTypeId: await typeId(knex, periodId, membershipTypeCode),
        status: 'active',
        memberType: 'new',
        membershipNumber: `T-${(numbers += 1)}`,
        activatedAt: knex.fn.now(),
      });
    },

    async recordPayment(orderId, status) {
      await knex.transaction(async (trx) => {
        const order = await trx('membership.orders').where({ id: orderId }).forUpdate().first();
        await trx('membership.payments').insert({
          orderId,
          provider: 'manual',
          status,
          amountMinor: order.totalMinor,
          currency: order.currency,
        });
        if (status !== 'succeeded') return;
        await trx('membership.orders').where({ id: orderId }).update({ status: 'paid', paidMinor: order.totalMinor, paidAt: trx.fn.now() });
        await activate(trx, { orderId });
      });
    },

    async orders(accountId) {
      return knex('membership.orders').where({ accountId }).orderBy('id').select('id', 'accountId', 'status');
    },

    async memberships(personIds) {
      return knex('membership.memberships as m')
        .join('membership.membership_types as t', 't.id', 'm.membershipTypeId')
        .whereIn('m.personId', personIds)
        .orderBy('m.id')
        .select('m.personId', 'm.orderId', 'm.status', 't.code as membershipTypeCode');
    },
  };
}
