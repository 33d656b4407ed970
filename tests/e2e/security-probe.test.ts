import { execFile } from 'node:child_process';
import path from 'node:path';
import { createKnex } from '@ems/db';
import { createRiversideMember } from '../support/members';
import { e2eContext } from '../support/stackContext';

/**
 * The operator's security probe (`npm run probe:security -- <base-url>`, issue 17) against the e2e
 * stack's router, as an operator would run it: a separate process, the base URL and a member's
 * credentials, exit code 0 when every check it runs passes.
 */
const ctx = e2eContext();
const ROOT = path.resolve(__dirname, '..', '..');

/**
 * Every check is required here. The NUL-byte and 100 kB query-string checks failed before the
 * input rule and the malformed-request handler (issue 17, defects 2 and 4); index-nosniff and
 * index-framing before the portal sent X-Content-Type-Options and a framing policy.
 */

function probe(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'tests', 'probe', 'security.ts'), ...args],
      { cwd: ROOT, timeout: 90_000 },
      (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

it('passes every check it runs against the e2e router, the signed-in ones included', async () => {
  const knex = createKnex(ctx.databaseUrl, { poolMax: 1 });
  const userKey = `probe.member.${Date.now().toString(36)}`;
  try {
    await createRiversideMember(knex, userKey, [{ firstName: 'Probe', lastName: 'Member', dateOfBirth: '1980-01-01' }]);
  } finally {
    await knex.destroy();
  }
  const baseUrl = `http://localhost:${ctx.ports.router}`;
  // `--name=value`: a generated secret may begin with "-", which parseArgs would take for an option.
  const run = await probe([baseUrl, `--user-key=${userKey}`, `--customer-secret=${ctx.secrets.customerSecret}`]);
  const lines = run.stdout.split('\n').filter((l) => /^(PASS|FAIL|SKIP) /.test(l));
  expect({ code: run.code, failed: lines.filter((l) => l.startsWith('FAIL')), stderr: run.stderr }).toEqual({
    code: 0,
    failed: [],
    stderr: '',
  });
  // Riverside's tenant offers no member OpenID provider, so no OpenID sign-in starts here.
  expect(lines.filter((l) => l.startsWith('SKIP'))).toEqual([expect.stringMatching(/^SKIP {2}sign-in-start-no-session: /)]);
  expect(lines.filter((l) => l.startsWith('PASS'))).toHaveLength(16);
  // Bounded, and against the given base URL only (the probe never follows a redirect).
  const summary = /(\d+) requests in ([\d.]+) s/.exec(run.stdout);
  expect(Number(summary?.[1])).toBeLessThanOrEqual(150);
}, 120_000);

it("passes against the admin portal's router: the operators' sign-in start stores no session, a long search is refused at once", async () => {
  const run = await probe([`http://localhost:${ctx.ports.adminRouter}`, '--cookie-name=ems-admin.sid']);
  const lines = run.stdout.split('\n').filter((l) => /^(PASS|FAIL|SKIP) /.test(l));
  expect({ code: run.code, failed: lines.filter((l) => l.startsWith('FAIL')), stderr: run.stderr }).toEqual({
    code: 0,
    failed: [],
    stderr: '',
  });
  for (const id of ['sign-in-start-no-session', 'search-text-limit', 'no-token-or-cookie-leak']) {
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^PASS {2}${id}: `)));
  }
}, 120_000);

it('exits 1 and names the check when one fails, 2 on a usage error', async () => {
  // Nothing listens on port 9 (discard): every check that sends a request fails.
  const down = await probe(['http://127.0.0.1:9', '--skip', 'open-redirect']);
  expect(down.code).toBe(1);
  expect(down.stdout).toMatch(/^FAIL {2}origin-check: /m);
  expect((await probe([])).code).toBe(2);
}, 120_000);
