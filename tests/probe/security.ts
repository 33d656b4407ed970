/**
 * `npm run probe:security -- <base-url> [options]`: black-box security checks of an installation,
 * as an attacker would try them from outside. Every request goes to <base-url> only; the probe
 * sends at most --max-requests requests (150) within --deadline seconds (60). Prints one PASS,
 * FAIL or SKIP line per check and exits 1 when any check fails.
 *
 *   --user-key <key> --customer-secret=<secret>  sign in as this user for the checks that need a
 *                                                session (open redirect, forged signature)
 *   --hash-scheme md5|hmac-sha256                the tenant's link scheme (md5)
 *   --cookie-name <name>                         the session cookie (ems.sid)
 *   --skip <id,id>                               leave checks out
 *   --list                                       print the check ids and exit
 */
import { parseArgs } from 'node:util';
import { CHECK_IDS, runSecurityProbe } from './checks';

const USAGE =
  'usage: npm run probe:security -- <base-url> [--user-key K --customer-secret S] [--hash-scheme md5|hmac-sha256] [--skip id,id] [--list]';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'user-key': { type: 'string' },
      'customer-secret': { type: 'string' },
      'hash-scheme': { type: 'string', default: 'md5' },
      'cookie-name': { type: 'string' },
      skip: { type: 'string', default: '' },
      'max-requests': { type: 'string', default: '150' },
      deadline: { type: 'string', default: '60' },
      list: { type: 'boolean', default: false },
    },
  });
  if (values.list) {
    console.log(CHECK_IDS.join('\n'));
    return 0;
  }
  const baseUrl = positionals[0];
  if (!baseUrl || positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  const scheme = values['hash-scheme'];
  if (scheme !== 'md5' && scheme !== 'hmac-sha256') {
    console.error(`--hash-scheme must be md5 or hmac-sha256, not ${scheme}`);
    return 2;
  }
  console.log(`Security probe of ${baseUrl}`);
  const report = await runSecurityProbe({
    baseUrl,
    userKey: values['user-key'],
    customerSecret: values['customer-secret'],
    hashScheme: scheme,
    cookieName: values['cookie-name'],
    skip: values.skip
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    maxRequests: Number(values['max-requests']),
    deadlineMs: Number(values.deadline) * 1000,
  });
  for (const r of report.results) console.log(`${r.verdict.padEnd(4)}  ${r.id}: ${r.title}\n      ${r.detail}`);
  const failed = report.results.filter((r) => r.verdict === 'FAIL');
  const count = (v: string) => report.results.filter((r) => r.verdict === v).length;
  console.log(
    `${count('PASS')} passed, ${failed.length} failed, ${count('SKIP')} skipped; ${report.requests} requests in ${(report.elapsedMs / 1000).toFixed(1)} s`,
  );
  return failed.length ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 2;
  },
);
