import { createKnex, type Knex } from '@ems/db';
import { createPartnerKey, demoOrganisations, partnerClient } from '../support/partnerKeys';
import { signedInOperator } from '../support/operators';
import { e2eContext } from '../support/stackContext';

/**
 * Issue 37, defect 5: operators' and partners' reads with text of any length. A member search of
 * 10,000 characters ran 27 s; one of 100,000 kept PostgreSQL busy after the router gave up. The
 * filter text rule (`@ems/schema/rules` filterText.ts) answers before anything runs.
 */
const ctx = e2eContext();
let knex: Knex;

beforeAll(() => {
  knex = createKnex(ctx.databaseUrl, { poolMax: 2 });
});
afterAll(() => knex.destroy());

const MEMBER_SEARCH = 'query ($f: MemberSearch) { operatorMembers(filter: $f, first: 5) { total rows { lastName } } }';

describe('free text of reads has a length limit, answered at once (defect 5)', () => {
  it('an operator’s member search of 100,000 characters through the admin router: 400 naming the field, within a second', async () => {
    const admin = await signedInOperator('olga');
    const started = Date.now();
    const { status, body } = await admin.graphql(MEMBER_SEARCH, { f: { text: 'x'.repeat(100_000) } });
    const took = Date.now() - started;
    expect(status).toBe(400);
    expect(body).toEqual({
      errors: [
        {
          message: 'Invalid input: variable $f.text is longer than 200 characters',
          extensions: { code: 'BAD_USER_INPUT', reason: 'TEXT_TOO_LONG' },
        },
      ],
    });
    expect(took).toBeLessThan(1000);
  });

  it('a search of 200 characters is still a search (finds nobody, answers 200)', async () => {
    const admin = await signedInOperator('olga');
    const { status, body } = await admin.graphql<{ operatorMembers: { total: number } }>(MEMBER_SEARCH, { f: { text: 'x'.repeat(200) } });
    expect(status).toBe(200);
    expect(body.data?.operatorMembers.total).toBe(0);
  });

  it.each([
    ['the audit log', `{ operatorAuditLog(filter: { actorUserKey: "${'k'.repeat(201)}" }) { entries { action } } }`],
    ['the orders', `{ operatorOrders(filter: { reference: "${'O'.repeat(201)}" }) { orders { reference } } }`],
    ['the hand-offs', `{ operatorHandoffAttempts(filter: { userKey: "${'u'.repeat(201)}" }) { attempts { userKey } } }`],
  ])('%s: a literal over the limit is 400 TEXT_TOO_LONG too', async (_list, query) => {
    const admin = await signedInOperator('olga');
    const { status, body } = await admin.graphql(query);
    expect(status).toBe(400);
    expect(body.errors?.map((e) => e.extensions?.reason)).toEqual(['TEXT_TOO_LONG']);
  });

  it('a partner’s filter over the limit: 400 TEXT_TOO_LONG through the registration router', async () => {
    const orgs = await demoOrganisations(knex);
    const { key } = await createPartnerKey(knex, { organisationIds: [orgs['riverside-ac']!], scopes: ['members:read'] });
    const { status, body } = await partnerClient(key).graphql(
      'query ($since: String) { partner { members(filter: { updatedSince: $since }, first: 1) { edges { cursor } } } }',
      { since: '2024-01-01'.padEnd(100_000, '0') },
    );
    expect(status).toBe(400);
    expect(body.errors?.map((e) => e.extensions?.reason)).toEqual(['TEXT_TOO_LONG']);
  });
});
