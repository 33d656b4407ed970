import type { Knex } from '@ems/db';
import { migratedScratchDatabase } from '../../../../tests/support/scratchDatabase';
import { until } from '../../../../tests/support/until';
import type { SweepResult } from '../domain/life/dueMessages';
import { lifeClub, PAID_AT, REMINDER_DUE, type LifeClub } from '../testing/lifeFixtures';
import { startSmtpServer, type TestSmtpServer } from '../testing/smtpServer';
import { loadWorkerEnv } from './env';
import { startMembershipWorker, type RunningMembershipWorker } from './worker';

/** A worker's sweep of a few dozen members may take a while on a loaded machine. */
const SWEEP_PATIENCE_MS = 30_000;

/**
 * The membership worker as a process runs it: Agenda's repeating sweep on a controlled clock, the
 * outbox sender, a real SMTP server. Stopped in the middle of a sweep and started again later,
 * every message goes out once, and what fell due while no worker ran goes out on start.
 */
let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;
let smtp: TestSmtpServer;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp.close();
  await db.drop();
});

async function startWorker(now: string, onSweep: (r: SweepResult) => void): Promise<RunningMembershipWorker> {
  const env = loadWorkerEnv({
    DATABASE_URL: db.url,
    MEMBERSHIP_WORKER_PORT: '0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SMTP_URL: smtp.url,
    MEMBER_LINKS_URL: 'https://portal.example',
    // Only the sweep at start runs in these tests.
    MEMBERSHIP_MESSAGES_EVERY_SECONDS: '3600',
  });
  // Short Agenda timings: its lock check's timer would otherwise keep jest waiting after the tests.
  return startMembershipWorker(env, { clock: () => new Date(now), onSweep, agendaTimings: { processEveryMs: 1000, lockLifetimeMs: 2000 } });
}

/** Subjects of the mails an address received, sorted. */
const subjectsTo = (address: string) =>
  smtp.received
    .filter((m) => m.to.includes(address))
    .map((m) => m.parsed.subject ?? '')
    .sort();

const keysOf = async (club: LifeClub) =>
  Number(
    (
      await knex('membership.memberMessages as mm')
        .join('membership.membershipPeriods as pe', 'pe.id', 'mm.periodId')
        .where('pe.organisationId', club.organisationId)
        .count({ n: '*' })
    )[0]?.n,
  );

describe('the membership worker', () => {
  it('stopped in the middle of a sweep and started again later: each message sent once, the ones due meanwhile on start', async () => {
    const club = await lifeClub(knex, 24);
    const everyone = [club.familyAddress, club.strangerAddress, ...club.extraAddresses];

    // Started just after the payments: welcomes are due. Stopped as soon as the first is queued.
    const sweeps: SweepResult[] = [];
    const first = await startWorker('2026-03-01T10:05:00Z', (r) => sweeps.push(r));
    await until('the first welcome', async () => (await keysOf(club)) > 0, SWEEP_PATIENCE_MS);
    await first.stop();
    const afterFirst = await keysOf(club);
    expect(afterFirst).toBeGreaterThan(0);

    // Started again on the day the expiry reminder is due: the welcomes not yet queued still are
    // (within the week after payment they would be; here the reminder day is months later, so
    // only the welcomes queued before the stop exist) and every reminder goes out on start.
    const second = await startWorker(REMINDER_DUE, (r) => sweeps.push(r));
    try {
      // 27 members: a reminder and a renewal prompt each, plus the welcomes queued before the stop.
      await until(
        'every reminder and prompt delivered',
        async () => {
          const delivered = smtp.received.filter(
            (m) => everyone.some((a) => m.to.includes(a)) && /membership ends|is open/.test(m.parsed.subject ?? ''),
          );
          return delivered.length >= 2 * 27;
        },
        SWEEP_PATIENCE_MS,
      );
      await until('a complete sweep', async () => sweeps.some((s) => s.complete), SWEEP_PATIENCE_MS);
      // Each (person, kind, period) once: keys and mails agree, nothing twice.
      for (const address of club.extraAddresses) {
        const subjects = subjectsTo(address).filter((s) => !s.includes('membership confirmed'));
        expect(subjects.filter((s) => s.includes('membership ends'))).toHaveLength(1);
        expect(subjects.filter((s) => s.includes('is open'))).toHaveLength(1);
        expect(subjects.filter((s) => s.startsWith('Welcome')).length).toBeLessThanOrEqual(1);
      }
      const family = subjectsTo(club.familyAddress);
      expect(family.filter((s) => s.includes('membership ends'))).toEqual([
        "Test Club: Finn's membership ends on 31 December 2026",
        "Test Club: Fiona's membership ends on 31 December 2026",
      ]);
      const welcomesSent = smtp.received.filter(
        (m) => everyone.some((a) => m.to.includes(a)) && m.parsed.subject?.startsWith('Welcome'),
      ).length;
      const keys = await knex('membership.memberMessages as mm')
        .join('membership.membershipPeriods as pe', 'pe.id', 'mm.periodId')
        .where('pe.organisationId', club.organisationId)
        .select('mm.kind', 'mm.emailId');
      expect(keys.filter((k) => k.kind === 'welcome')).toHaveLength(welcomesSent);
      expect(keys.filter((k) => k.kind === 'expiry_reminder')).toHaveLength(27);
      expect(keys.filter((k) => k.kind === 'renewal_prompt')).toHaveLength(27);
      expect(keys.every((k) => k.emailId !== null)).toBe(true);
      // Every e-mail of the club sent, the confirmations with their cards too.
      const unsent = await knex('membership.emails').whereIn('toAddress', everyone).whereNot({ status: 'sent' }).count({ n: '*' });
      expect(Number(unsent[0]?.n)).toBe(0);
      const confirmation = smtp.received.find(
        (m) => m.to.includes(club.familyAddress) && m.parsed.subject?.includes('membership confirmed'),
      );
      expect(confirmation?.parsed.attachments.map((a) => a.contentType)).toEqual(['application/pdf', 'application/pdf']);
    } finally {
      await second.stop();
    }
  });

  it('on start it sends what fell due while no worker ran, and a restart sends nothing twice', async () => {
    const club = await lifeClub(knex);
    const sweeps: SweepResult[] = [];
    const worker = await startWorker(PAID_AT, (r) => sweeps.push(r));
    await until('a sweep', async () => sweeps.length > 0, SWEEP_PATIENCE_MS);
    await until(
      'the welcomes',
      async () => subjectsTo(club.familyAddress).filter((s) => s.startsWith('Welcome')).length === 2,
      SWEEP_PATIENCE_MS,
    );
    await worker.stop();

    const again = await startWorker(PAID_AT, (r) => sweeps.push(r));
    await until('the second sweep', async () => sweeps.length > 1, SWEEP_PATIENCE_MS);
    await again.stop();
    expect(sweeps[1]?.queued).toEqual({ welcome: 0, expiry_reminder: 0, renewal_prompt: 0 });
    expect(subjectsTo(club.familyAddress).filter((s) => s.startsWith('Welcome'))).toEqual([
      'Welcome to Test Club, Finn',
      'Welcome to Test Club, Fiona',
    ]);
  });
});
