import { ConflictError } from '@ems/schema';
import { insertSourceSystemUnlessNameTaken, type SourceSystemRecord } from '../data/sourceSystems';
import type { OperatorScope } from './access';
import type { ImportsDeps } from './commands';
import { namedOrganisation, onlyOrganisation, organisationNotFound } from './organisationChoice';
import { sourceSystemName } from './sourceSystemName';

/** The operators' audit log entry of a new source system (the log is membership's, issue 20). */
export const SOURCE_SYSTEM_CREATED = 'import.source_system_created';

/** An organisation id as a client sends it (GraphQL ID); one that cannot be an id names no organisation of theirs. */
export function organisationIdArgument(sent: string | null | undefined): number | null {
  if (sent === null || sent === undefined) return null;
  if (!/^\d{1,9}$/.test(sent)) throw organisationNotFound();
  return Number(sent);
}

/**
 * createImportSourceSystem: an operator adds the system a file comes from (a club's old
 * membership system, a timing company), for one of their organisations. Its operators see it in
 * listSourceSystems; its name is unique in the registration system in any case, so a name
 * another organisation uses is refused too (SOURCE_SYSTEM_EXISTS), also when two operators
 * create it at once. The source system and its audit entry are written in one transaction.
 */
export async function createImportSourceSystem(
  deps: Pick<ImportsDeps, 'db'>,
  scope: OperatorScope,
  input: { name: string; organisationId: number | null },
): Promise<SourceSystemRecord> {
  const operated = await scope.requireOperator();
  const organisationId =
    namedOrganisation(operated, input.organisationId) ??
    onlyOrganisation(operated, 'name the one the source system is for (organisationId)');
  const name = sourceSystemName(input.name);
  return deps.db.transaction(async (trx) => {
    const created = await insertSourceSystemUnlessNameTaken(trx, {
      registrationSystemId: scope.user.registrationSystemId,
      organisationId,
      name,
      isSelf: false,
    });
    if (!created) {
      throw new ConflictError(`A source system named "${name}" exists already (names are unique across your registration system)`, {
        code: 'SOURCE_SYSTEM_EXISTS',
        details: { fields: [{ field: 'name', message: 'A source system of this name exists already' }] },
      });
    }
    await scope.recordActions(trx, [
      {
        organisationId,
        action: SOURCE_SYSTEM_CREATED,
        subjectType: 'import_source_system',
        subjectId: created.id,
        before: null,
        after: { name: created.name, organisationId },
      },
    ]);
    return created;
  });
}
