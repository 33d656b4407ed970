import type { Db } from '../../data/db';
import { eventsOfOrganisations } from '../../data/events';
import type { DataScope } from '../scope';
import type { OperatorEvent } from './types';

/** Only operators (ROLE_ORG_ADMIN) of an event's organisation see the event and its participants. */
export function canOperateEvent(scope: DataScope | null, event: Pick<OperatorEvent, 'organisationId'>): boolean {
  return scope?.adminOrganisationIds.has(event.organisationId) ?? false;
}

/** `Query.operatorEvents`: the events of the organisations the user administers; none for anyone else. */
export async function operatorEventsFor(db: Db, scope: DataScope | null): Promise<OperatorEvent[]> {
  const organisationIds = [...(scope?.adminOrganisationIds ?? [])];
  return organisationIds.length === 0 ? [] : eventsOfOrganisations(db, organisationIds);
}
