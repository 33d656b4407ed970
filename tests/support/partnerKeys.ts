import type { Knex } from '@ems/db';
import type { PartnerScope } from '@ems/schema';
import { createApiKey } from '../../subgraphs/membership/src/domain/apiKeys';
import { HttpClient, rememberSecret } from './client';
import { e2eContext } from './stackContext';

/** The demo tenant's organisations by slug (registration system 1). */
export async function demoOrganisations(knex: Knex): Promise<Record<string, number>> {
  const rows: Array<{ id: number; slug: string }> = await knex('membership.organisations')
    .where({ registrationSystemId: 1 })
    .select('id', 'slug');
  return Object.fromEntries(rows.map((r) => [r.slug, r.id]));
}

/**
 * A partner key made as an operator makes one (`npm run keys -- create partner`), announced to
 * every running service; the key is noted so that the e2e teardown proves no log line holds it.
 */
export async function createPartnerKey(
  knex: Knex,
  options: { organisationIds: number[]; scopes: PartnerScope[]; label?: string },
): Promise<{ id: number; key: string }> {
  const issued = await createApiKey(knex, {
    portal: 'partner',
    registrationSystemId: 1,
    label: options.label ?? 'e2e partner',
    ...options,
  });
  rememberSecret(issued.key);
  await untilServicesKnow(issued.key);
  return { id: issued.apiKey.id, key: issued.key };
}

/**
 * Services learn of a new key by NOTIFY, which may arrive a moment after the creating transaction
 * returns here: wait for the admin service to take it, as a partner handed the key later would.
 */
async function untilServicesKnow(key: string): Promise<void> {
  const { urls, secrets } = e2eContext();
  for (const start = Date.now(); Date.now() - start < 5000; await new Promise((r) => setTimeout(r, 20))) {
    const res = await fetch(`${urls.membership}/auth/partner-token`, {
      method: 'POST',
      headers: { 'x-api-key': secrets.portalApiKey, authorization: `ApiKey ${key}` },
    });
    const body = (await res.json()) as { token?: string };
    if (body.token) rememberSecret(body.token);
    if (res.status === 200) return;
  }
  throw new Error('the admin service did not take the new partner key within 5 s');
}

/** A partner system's client of a router: no cookies, `Authorization: ApiKey <key>` on each call. */
export function partnerClient(key: string, routerUrl = e2eContext().urls.router) {
  const client = new HttpClient(routerUrl);
  return {
    graphql: <T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) =>
      client.graphql<T>(query, variables, { authorization: `ApiKey ${key}`, ...headers }),
    post: (path: string, headers: Record<string, string> = {}, json: unknown = { query: '{ __typename }' }) =>
      client.post(path, { json, headers: { authorization: `ApiKey ${key}`, ...headers } }),
  };
}
