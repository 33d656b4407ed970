import { connectPersons, TODAY } from '../../../../membership/src/testing/fixtures';
import { getImport, uploadImport } from '../../domain/commands';
import { importUndo, undoImport } from '../../domain/undo/commands';
import { csvUpload, importsFixture, membershipSnapshot, type ImportsFixture } from '../../testing/fixture';

/**
 * Undo of a completed membership import (docs/imports.md, "Undo"): the framework's command and
 * worker stage, membership's change log of what applyMembers wrote, a real PostgreSQL.
 */
let f: ImportsFixture;
beforeAll(async () => {
  f = await importsFixture({ chunkRows: 2, today: () => TODAY });
});
afterAll(() => f.drop());

/** Every membership table; numbers handed out stay used (the organisation's sequence never goes back). */
const snapshot = () => membershipSnapshot(f.knex);

const HEADER = 'First name,Last name,Date of birth,User key,Household,Membership type,Period,Status,Membership number';

async function completedImport(lines: string[]) {
  const job = await uploadImport(f.deps, f.operator(), 'MEMBERSHIP', {}, csvUpload([HEADER, ...lines].join('\n')));
  const view = await getImport(f.operator(), job.id);
  expect(view.state).toBe('COMPLETED');
  return view;
}

const counted = (counts: Array<{ record: string; outcome: string; count: number }> | undefined) =>
  new Set(counts?.map((c) => `${c.record} ${c.outcome} ${c.count}`));

describe('undo of a membership import', () => {
  it('restores the exact earlier state of every membership table', async () => {
    // A login the website already had, without a person of its own, and a person the club knows.
    await f.knex('membership.accounts').insert({ registrationSystemId: f.club.tenantId, externalUserId: 'kim.kahl' });
    await f.person('Ole', 'Olsen', '1970-01-01');
    const before = await snapshot();
    const job = await completedImport([
      // Two rows a chunk: Kai's row links him to Kim's login a chunk after Kim was created.
      'Kim,Kahl,1980-01-01,kim.kahl,K1,individual,Season 2026,active,',
      'Ole,Olsen,1970-01-01,ole.olsen,,individual,Season 2026,active,OLD-1',
      'Kai,Kahl,2014-01-01,,K1,junior,Season 2026,awaiting payment,',
      'Nia,Neu,1990-01-01,nia.neu,,student,Season 2026,active,',
    ]);
    expect(job.counts).toMatchObject({ created: 4, personsCreated: 3, accountsCreated: 2, ordersCreated: 1 });
    expect(await snapshot()).not.toEqual(before);

    const undone = await undoImport(f.deps, f.operator(), job.id);
    expect(undone).toMatchObject({ state: 'UNDONE', undo: expect.objectContaining({ error: null, refused: 0 }) });
    expect(counted(undone.undo?.counts)).toEqual(
      counted([
        { record: 'MEMBERSHIP', outcome: 'DELETED', count: 4 },
        { record: 'ORDER', outcome: 'DELETED', count: 1 },
        { record: 'LINKED_PERSON', outcome: 'DELETED', count: 4 },
        { record: 'ORG_USER', outcome: 'DELETED', count: 3 },
        { record: 'ACCOUNT', outcome: 'RESTORED', count: 1 },
        { record: 'ACCOUNT', outcome: 'DELETED', count: 2 },
        { record: 'PERSON', outcome: 'DELETED', count: 3 },
      ]),
    );
    expect(await snapshot()).toEqual(before);
  });

  it('refuses, row by row, what was paid or changed after the import, and keeps it', async () => {
    const job = await completedImport([
      'Lea,Lenz,1981-02-02,lea.lenz,L1,individual,Season 2026,active,',
      'Leo,Lenz,2013-02-02,,L1,junior,Season 2026,awaiting payment,',
      'Mo,Mertens,1992-02-02,mo.mertens,,individual,Season 2026,active,',
    ]);
    const rows = (await f.knex('imports.rowResults').where({ jobId: job.id }).orderBy('rowNo')) as Array<{
      rowNo: number;
      personId: number;
      targetId: number;
    }>;
    const leo = rows.find((r) => r.rowNo === 3)!;
    const mo = rows.find((r) => r.rowNo === 4)!;
    // After the import: Leo's order is paid (his membership is activated), Mo's e-mail is corrected.
    const { orderId } = await f.knex('membership.memberships').where({ id: leo.targetId }).first('orderId');
    await f
      .knex('membership.orders')
      .where({ id: orderId })
      .update({ status: 'paid', paidMinor: f.knex.ref('totalMinor') });
    await f.knex('membership.memberships').where({ id: leo.targetId }).update({ status: 'active', membershipNumber: 'PAID-1' });
    await f.knex('membership.persons').where({ id: mo.personId }).update({ email: 'mo@new.example.org' });

    const undone = await undoImport(f.deps, f.operator(), job.id);
    expect(undone.state).toBe('UNDONE');
    const report = await importUndo(f.deps, f.operator(), job.id, { after: 0, first: 100 });
    expect(report.undo.refused.map((r) => [r.rowNo, r.record, r.reason])).toEqual([
      // Lea's login pays Leo's order, which stays: so do her account and her person, and what
      // Leo's paid membership relies on (his link to her account, its OrgUser row), so that she
      // still sees it when she signs in. Her own membership and link go.
      [2, 'ORG_USER', 'REFERENCED'],
      [2, 'ACCOUNT', 'REFERENCED'],
      [2, 'PERSON', 'REFERENCED'],
      [3, 'MEMBERSHIP', 'CHANGED_SINCE'],
      [3, 'ORDER', 'REFERENCED'],
      [3, 'LINKED_PERSON', 'REFERENCED'],
      [3, 'PERSON', 'REFERENCED'],
      [4, 'PERSON', 'CHANGED_SINCE'],
    ]);
    expect(report.undo.refused.find((r) => r.record === 'ORDER')?.message).toBe('Now used by memberships; kept.');
    expect(report.undo.refused.find((r) => r.record === 'LINKED_PERSON')?.message).toBe('Now used by memberships; kept.');
    expect(await f.knex('membership.memberships').where({ id: leo.targetId }).first('status')).toEqual({ status: 'active' });
    expect(await f.knex('membership.persons').where({ id: mo.personId }).first('email')).toEqual({ email: 'mo@new.example.org' });
    const lea = rows.find((r) => r.rowNo === 2)!;
    const { id: leaAccount } = await f.knex('membership.accounts').where({ externalUserId: 'lea.lenz' }).first('id');
    expect(
      (await f.knex('membership.linkedPersons').where({ accountId: leaAccount }).orderBy('personId')).map((l) => [
        l.personId,
        l.relationship,
      ]),
    ).toEqual([[leo.personId, 'household']]);
    expect(
      await f.knex('membership.orgUsers').where({ accountId: leaAccount, organisationId: f.club.organisationId }).first(),
    ).toBeDefined();
    // What nobody touched is gone: Lea's membership and link, Mo's membership, account and link.
    expect(await f.knex('membership.linkedPersons').where({ personId: lea.personId }).first()).toBeUndefined();
    expect(await f.knex('membership.memberships').where({ id: lea.targetId }).first()).toBeUndefined();
    expect(await f.knex('membership.memberships').where({ id: mo.targetId }).first()).toBeUndefined();
    expect(await f.knex('membership.accounts').where({ externalUserId: 'mo.mertens' }).first()).toBeUndefined();
  });

  it('keeps the memberships of an order a payment was started for, with the order, its payer and the household', async () => {
    const before = await snapshot();
    const job = await completedImport([
      // Two rows a chunk: Pit and Pam, in one chunk, await payment in one order.
      'Rex,Roth,1975-03-03,rex.roth,,individual,Season 2026,active,',
      'Pia,Paul,1982-03-03,pia.paul,P1,individual,Season 2026,active,',
      'Pit,Paul,2012-03-03,,P1,junior,Season 2026,awaiting payment,',
      'Pam,Paul,2015-03-03,,P1,junior,Season 2026,awaiting payment,',
    ]);
    const rows = (await f.knex('imports.rowResults').where({ jobId: job.id }).orderBy('rowNo')) as Array<{
      rowNo: number;
      personId: number;
      targetId: number;
    }>;
    const [pia, pit, pam] = [3, 4, 5].map((n) => rows.find((r) => r.rowNo === n)!);
    const { orderId } = await f.knex('membership.memberships').where({ id: pit!.targetId }).first('orderId');
    expect(await f.knex('membership.memberships').where({ id: pam!.targetId }).first('orderId')).toEqual({ orderId });
    // Pia opened the payment page: an attempt exists, the order is not paid yet.
    const order = await f.knex('membership.orders').where({ id: orderId }).first('totalMinor', 'currency');
    await f.knex('membership.payments').insert({ orderId, provider: 'builtin', amountMinor: order.totalMinor, currency: order.currency });

    const undone = await undoImport(f.deps, f.operator(), job.id);
    expect(undone.state).toBe('UNDONE');
    const report = await importUndo(f.deps, f.operator(), job.id, { after: 0, first: 100 });
    expect(report.undo.refused.map((r) => [r.rowNo, r.record, r.reason, r.referencedBy])).toEqual([
      [3, 'ORG_USER', 'REFERENCED', ['memberships']],
      [3, 'ACCOUNT', 'REFERENCED', ['linked_persons', 'orders', 'org_users']],
      [3, 'PERSON', 'REFERENCED', ['accounts']],
      [4, 'MEMBERSHIP', 'ORDER_KEPT', ['payments']],
      [4, 'ORDER', 'REFERENCED', ['memberships', 'payments']],
      [4, 'LINKED_PERSON', 'REFERENCED', ['memberships']],
      [4, 'PERSON', 'REFERENCED', ['linked_persons', 'memberships', 'order_lines']],
      [5, 'MEMBERSHIP', 'ORDER_KEPT', ['payments']],
      [5, 'LINKED_PERSON', 'REFERENCED', ['memberships']],
      [5, 'PERSON', 'REFERENCED', ['linked_persons', 'memberships', 'order_lines']],
    ]);
    expect(report.undo.refused.find((r) => r.reason === 'ORDER_KEPT')?.message).toBe(
      'Its order stays (a payment was started or made, or the order changed after the import); kept with it.',
    );
    // The order can still be paid for what it says: both memberships await it.
    expect((await f.knex('membership.memberships').where({ orderId }).orderBy('id')).map((m) => [m.personId, m.status])).toEqual([
      [pit!.personId, 'pending_payment'],
      [pam!.personId, 'pending_payment'],
    ]);
    // Pia's own membership and everything of Rex are gone.
    expect(await f.knex('membership.memberships').where({ id: pia!.targetId }).first()).toBeUndefined();
    expect(await f.knex('membership.accounts').where({ externalUserId: 'rex.roth' }).first()).toBeUndefined();

    // Once the attempt is gone, nothing else of the job would be left: the kept rows are exactly the household's.
    await f.knex('membership.payments').where({ orderId }).delete();
    await f.knex('membership.memberships').where({ orderId }).delete();
    await f.knex('membership.orders').where({ id: orderId }).delete();
    const { id: piaAccount } = await f.knex('membership.accounts').where({ externalUserId: 'pia.paul' }).first('id');
    await f.knex('membership.linkedPersons').where({ accountId: piaAccount }).delete();
    await f.knex('membership.orgUsers').where({ accountId: piaAccount }).delete();
    await f.knex('membership.accounts').where({ id: piaAccount }).delete();
    await f.knex('membership.persons').whereIn('id', [pia!.personId, pit!.personId, pam!.personId]).delete();
    expect(await snapshot()).toEqual(before);
  });

  it('keeps a membership whose order keeps another membership changed since: an order stays whole', async () => {
    const job = await completedImport([
      // Two rows a chunk: Udo and Uli, in one chunk, await payment in one order.
      'Vera,Voss,1979-04-04,vera.voss,,individual,Season 2026,active,',
      'Ute,Uhl,1983-04-04,ute.uhl,U1,individual,Season 2026,active,',
      'Udo,Uhl,2011-04-04,,U1,junior,Season 2026,awaiting payment,',
      'Uli,Uhl,2016-04-04,,U1,junior,Season 2026,awaiting payment,',
    ]);
    const rows = (await f.knex('imports.rowResults').where({ jobId: job.id }).orderBy('rowNo')) as Array<{
      rowNo: number;
      targetId: number;
    }>;
    const [udo, uli] = [4, 5].map((n) => rows.find((r) => r.rowNo === n)!);
    const { orderId } = await f.knex('membership.memberships').where({ id: udo!.targetId }).first('orderId');
    expect(await f.knex('membership.memberships').where({ id: uli!.targetId }).first('orderId')).toEqual({ orderId });
    // After the import the club writes a note on Udo's membership; Uli's is untouched.
    await f
      .knex('membership.memberships')
      .where({ id: udo!.targetId })
      .update({ details: { note: 'changed' } });

    await undoImport(f.deps, f.operator(), job.id);
    const report = await importUndo(f.deps, f.operator(), job.id, { after: 0, first: 100 });
    expect(
      report.undo.refused
        .filter((r) => r.record === 'MEMBERSHIP' || r.record === 'ORDER')
        .map((r) => [r.rowNo, r.record, r.reason, r.referencedBy]),
    ).toEqual([
      [4, 'MEMBERSHIP', 'CHANGED_SINCE', []],
      [4, 'ORDER', 'REFERENCED', ['memberships']],
      [5, 'MEMBERSHIP', 'ORDER_KEPT', ['memberships']],
    ]);
    expect(await f.knex('membership.memberships').where({ orderId }).count({ n: '*' })).toEqual([{ n: '2' }]);
  });

  it('what a membership registered since relies on stays, and only that: a new household member of the same account goes', async () => {
    // Anna is a member of the club already: her login, her person, her own link.
    const [anna] = (await f
      .knex('membership.persons')
      .insert({ registrationSystemId: f.club.tenantId, firstName: 'Anna', lastName: 'Alt', dateOfBirth: '1975-05-05' })
      .returning('id')) as Array<{ id: number }>;
    const [account] = (await f
      .knex('membership.accounts')
      .insert({ registrationSystemId: f.club.tenantId, externalUserId: 'anna.alt', personId: anna!.id })
      .returning('id')) as Array<{ id: number }>;
    await f.knex('membership.linkedPersons').insert({ accountId: account!.id, personId: anna!.id, relationship: 'self' });
    // The club knows her (she ran in its race), so its import finds her.
    await connectPersons(f.knex, f.club.organisationId, [anna!.id]);
    const job = await completedImport([
      'Anna,Alt,1975-05-05,anna.alt,A1,individual,Season 2026,active,',
      'Bert,Alt,2012-05-05,,A1,junior,Season 2026,active,',
    ]);
    // Later Anna registers for last season too (a membership created since the import).
    await f.knex('membership.memberships').insert({
      personId: anna!.id,
      periodId: f.club.previousPeriodId,
      membershipTypeId: (
        await f.knex('membership.membershipTypes').where({ organisationId: f.club.organisationId, code: 'individual' }).first('id')
      ).id,
      status: 'pending_payment',
      memberType: 'new',
    });

    await undoImport(f.deps, f.operator(), job.id);
    const report = await importUndo(f.deps, f.operator(), job.id, { after: 0, first: 100 });
    // Her account's OrgUser row in the club, which the import made, serves her new membership: kept.
    expect(report.undo.refused.map((r) => [r.rowNo, r.record, r.reason, r.referencedBy])).toEqual([
      [2, 'ORG_USER', 'REFERENCED', ['memberships']],
    ]);
    const bert = await f
      .knex('membership.persons')
      .where({ registrationSystemId: f.club.tenantId, firstName: 'Bert', lastName: 'Alt' })
      .first();
    expect(bert).toBeUndefined();
    expect((await f.knex('membership.linkedPersons').where({ accountId: account!.id })).map((l) => l.personId)).toEqual([anna!.id]);
    expect(await f.knex('membership.memberships').where({ personId: anna!.id }).select('periodId')).toEqual([
      { periodId: f.club.previousPeriodId },
    ]);
  });
});
