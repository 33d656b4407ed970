import type { Request } from 'express';
import type { Knex } from '@ems/db';
import { signPartnerToken, type PartnerCaller } from '@ems/schema';
import { optionalBearer } from '@ems/service-runtime';

/** A JWT secret for tests (HS512 wants 64 characters or more); never a deployment's. */
export const TEST_JWT_SECRET = 'partner-api-tests-'.padEnd(72, 'x');

/**
 * A request as a subgraph's `/graphql` sees it after its guard: a partner token signed with
 * `signPartnerToken` in the Authorization header, verified by the real `optionalBearer`.
 */
export async function partnerRequest(caller: PartnerCaller, secret = TEST_JWT_SECRET): Promise<Request> {
  const { token } = signPartnerToken(caller, secret, 600);
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  const req = { headers, get: (name: string) => headers[name.toLowerCase()] } as unknown as Request;
  await new Promise<void>((resolve, reject) =>
    optionalBearer(secret)(req, {} as never, (err?: unknown) =>
      err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(),
    ),
  );
  return req;
}

/**
 * Waits until partner lists show everything committed so far. A page shows only rows below its
 * snapshot's xmin (docs/partner-api.md, "Pagination and syncs"), and a write transaction still
 * running anywhere on the server (another test suite's database too) holds that back.
 */
export async function waitForSyncWatermark(knex: Knex, timeoutMs = 20_000): Promise<void> {
  const now = (await knex.raw('SELECT pg_current_xact_id()::text AS xid')).rows[0].xid as string;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { passed } = (await knex.raw('SELECT pg_snapshot_xmin(pg_current_snapshot()) > ?::xid8 AS passed', [now])).rows[0];
    if (passed) return;
    if (Date.now() > deadline) throw new Error(`a write transaction older than xid ${now} is still running on the server`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
