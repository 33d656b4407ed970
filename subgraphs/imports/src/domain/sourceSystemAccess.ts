import { NotFoundError } from '@ems/schema';
import { findSourceSystem, type SourceSystemRecord } from '../data/sourceSystems';
import type { OperatorScope } from './access';
import type { ImportsDeps } from './commands';

/**
 * A source system the operator may pick: of their registration system, and either shared by it
 * or of one of their organisations. Any other is "not found", like one that does not exist.
 */
export async function visibleSourceSystem(deps: Pick<ImportsDeps, 'db'>, scope: OperatorScope, id: number): Promise<SourceSystemRecord> {
  const orgs = await scope.requireOperator();
  const source = await findSourceSystem(deps.db, id);
  const visible =
    source &&
    source.registrationSystemId === scope.user.registrationSystemId &&
    (source.organisationId === null || orgs.includes(source.organisationId));
  if (!visible) throw new NotFoundError('Source system not found', { code: 'SOURCE_SYSTEM_NOT_FOUND' });
  return source;
}
