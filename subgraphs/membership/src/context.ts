import DataLoader from 'dataloader';
import type { Request } from 'express';
import type { Knex } from '@ems/db';
import { authOf, type RequestAuth } from '@ems/schema/runtime';
import { organisationsByIds, personsByIds, type OrganisationRow, type PersonRow } from './data/directory';
import { scopeForUser, type DataScope } from './domain/scope';

export interface MembershipContext {
  db: Knex;
  auth: RequestAuth;
  /** The caller's data scope; null for anonymous callers. Loaded once per request. */
  scope: () => Promise<DataScope | null>;
  loaders: {
    person: DataLoader<number, PersonRow | null>;
    organisation: DataLoader<number, OrganisationRow | null>;
  };
}

function byId<T extends { id: number }>(ids: readonly number[], rows: T[]): (T | null)[] {
  const map = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => map.get(id) ?? null);
}

export function createContextFactory(db: Knex) {
  return async (req: Request): Promise<MembershipContext> => {
    const auth = authOf(req);
    let scope: Promise<DataScope | null> | null = null;
    return {
      db,
      auth,
      scope: () => (scope ??= auth.user ? scopeForUser(db, auth.user) : Promise.resolve(null)),
      loaders: {
        person: new DataLoader(async (ids) => byId(ids, await personsByIds(db, ids))),
        organisation: new DataLoader(async (ids) => byId(ids, await organisationsByIds(db, ids))),
      },
    };
  };
}
