import type { Knex } from '@ems/db';
import { isUuid } from '@ems/schema/rules';
import { ForbiddenError, NotFoundError } from '@ems/schema';
import { findJob, type ImportJobRecord } from '../data/jobs';
import type { OperatorAction, ParticipantsPort } from '../flows/eventParticipants/membershipPort';

/** The signed-in user as the imports service sees them (from the verified bearer token). */
export interface ImportUser {
  registrationSystemId: number;
  userKey: string;
}

/**
 * Who may import: operators (ROLE_ORG_ADMIN) of the organisation that owns the target. Their
 * organisations come from membership, once per request. A job of another organisation is "not
 * found", the same answer as a job that does not exist.
 */
export class OperatorScope {
  private orgs: Promise<number[]> | null = null;

  constructor(
    private readonly db: Knex,
    private readonly port: Pick<ParticipantsPort, 'operatorOrganisationIds' | 'recordOperatorActionsOfUser'>,
    readonly user: ImportUser,
  ) {}

  organisationIds(): Promise<number[]> {
    const orgs = this.orgs ?? this.port.operatorOrganisationIds(this.db, this.user.registrationSystemId, this.user.userKey);
    this.orgs = orgs;
    return orgs;
  }

  /** Refuses a user who operates no organisation at all (the import pages are theirs only). */
  async requireOperator(): Promise<number[]> {
    const orgs = await this.organisationIds();
    if (orgs.length === 0) throw new ForbiddenError('Only operators of an organisation may import', { code: 'NOT_AN_OPERATOR' });
    return orgs;
  }

  /**
   * Writes this operator's audit entries (membership's audit log, issue 20) in the transaction of
   * the change they describe; membership resolves the operator and refuses an organisation they
   * do not administer.
   */
  recordActions(trx: Knex.Transaction, actions: readonly OperatorAction[]): Promise<void> {
    return this.port.recordOperatorActionsOfUser(trx, this.user, actions);
  }

  async job(id: string): Promise<ImportJobRecord> {
    const orgs = await this.organisationIds();
    const job = isUuid(id) ? await findJob(this.db, id) : null;
    if (!job || !orgs.includes(job.organisationId) || job.registrationSystemId !== this.user.registrationSystemId) {
      throw new NotFoundError('Import not found', { code: 'IMPORT_NOT_FOUND' });
    }
    return job;
  }
}
