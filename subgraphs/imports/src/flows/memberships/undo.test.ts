import { TODAY } from '../../../../membership/src/testing/fixtures';
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
      // Lea's login pays Leo's order, which stays: so do her account and her person.
      [2, 'ACCOUNT', 'REFERENCED'],
      [2, 'PERSON', 'REFERENCED'],
      [3, 'MEMBERSHIP', 'CHANGED_SINCE'],
      [3, 'ORDER', 'REFERENCED'],
      [3, 'PERSON', 'REFERENCED'],
      [4, 'PERSON', 'CHANGED_SINCE'],
    ]);
    expect(report.undo.refused.find((r) => r.record === 'ORDER')?.message).toBe('Now used by memberships; kept.');
    expect(await f.knex('membership.memberships').where({ id: leo.targetId }).first('status')).toEqual({ status: 'active' });
    expect(await f.knex('membership.persons').where({ id: mo.personId }).first('email')).toEqual({ email: 'mo@new.example.org' });
    // What nobody touched is gone: Lea's membership and links, Mo's membership, account and link.
    const lea = rows.find((r) => r.rowNo === 2)!;
    expect(await f.knex('membership.memberships').where({ id: lea.targetId }).first()).toBeUndefined();
    expect(await f.knex('membership.linkedPersons').where({ personId: lea.personId }).first()).toBeUndefined();
    expect(await f.knex('membership.memberships').where({ id: mo.targetId }).first()).toBeUndefined();
    expect(await f.knex('membership.accounts').where({ externalUserId: 'mo.mertens' }).first()).toBeUndefined();
  });
});
