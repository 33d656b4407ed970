import type { Knex } from '@ems/db';
import { migratedScratchDatabase } from '../../../../tests/support/scratchDatabase';
import { seedClub } from '../testing/fixtures';
import { accountContact } from './accounts';
import { organisationNumbering } from './membershipNumbers';
import { orderConfirmationContext } from './orders';
import { periodById } from './periods';

let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
});

afterAll(async () => {
  await db.drop();
});

describe('orderConfirmationContext', () => {
  it('reads what the period, the organisation’s numbering and the account’s contact say, in one statement', async () => {
    const club = await seedClub(knex);
    const order = { periodId: club.periodId, organisationId: club.organisationId, accountId: club.family.accountId };
    let statements = 0;
    const count = () => (statements += 1);
    knex.on('query', count);
    const context = await orderConfirmationContext(knex, order).finally(() => knex.removeListener('query', count));
    expect(statements).toBe(1);

    const period = await periodById(knex, club.periodId);
    const contact = await accountContact(knex, club.family.accountId);
    expect(context).toEqual({
      periodName: period?.name,
      periodStartsOn: period?.startsOn,
      numbering: await organisationNumbering(knex, club.organisationId),
      contact: { email: contact?.email, firstName: contact?.firstName },
    });
    expect(context?.contact.email).toEqual(expect.stringContaining('@'));
  });

  it('a disabled account has no contact; an order of a period that does not exist has no context', async () => {
    const club = await seedClub(knex);
    await knex('membership.accounts').where({ id: club.family.accountId }).update({ disabledAt: new Date() });
    const order = { periodId: club.periodId, organisationId: club.organisationId, accountId: club.family.accountId };
    expect((await orderConfirmationContext(knex, order))?.contact).toEqual({ email: null, firstName: null });
    expect(await orderConfirmationContext(knex, { ...order, periodId: 2_000_000_000 })).toBeNull();
  });
});
