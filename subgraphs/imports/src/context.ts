import DataLoader from 'dataloader';
import type { Request } from 'express';
import { AuthenticationError } from '@ems/schema';
import { authOf, type RequestAuth } from '@ems/service-runtime';
import { OperatorScope } from './domain/access';
import type { ImportsDeps } from './domain/commands';
import { failedRowCounts } from './data/failedRows';
import { jobsByIds, jobsCorrecting, type ImportJobRecord } from './data/jobs';

export interface ImportsContext {
  auth: RequestAuth;
  imports: ImportsDeps;
  /** The signed-in operator's scope; imports has nothing for anonymous callers. */
  scope(): OperatorScope;
  /**
   * Per request. Unscoped: they are read only for a job the caller may already see, and a job
   * linked to it by a correction has the same organisation (a corrections job copies its target).
   */
  loaders: {
    job: DataLoader<string, ImportJobRecord | null>;
    /** The jobs that import a job's corrected failed rows, oldest first. */
    correctedBy: DataLoader<string, ImportJobRecord[]>;
    failedRowCount: DataLoader<string, number>;
  };
}

export function createContextFactory(imports: ImportsDeps) {
  return async (req: Request): Promise<ImportsContext> => {
    const auth = authOf(req);
    let scope: OperatorScope | null = null;
    return {
      auth,
      imports,
      scope: () => {
        if (!auth.user) throw new AuthenticationError('Authentication required', { code: 'NOT_AUTHENTICATED' });
        scope ??= new OperatorScope(imports.db, imports.participants, {
          registrationSystemId: auth.user.registrationSystemId,
          userKey: auth.user.userKey,
        });
        return scope;
      },
      loaders: {
        job: new DataLoader(async (ids) => {
          const jobs = new Map((await jobsByIds(imports.db, ids)).map((j) => [j.id, j]));
          return ids.map((id) => jobs.get(id) ?? null);
        }),
        correctedBy: new DataLoader(async (ids) => {
          const jobs = await jobsCorrecting(imports.db, ids);
          return ids.map((id) => jobs.filter((j) => j.correctsJobId === id));
        }),
        failedRowCount: new DataLoader(async (ids) => {
          const counts = await failedRowCounts(imports.db, ids);
          return ids.map((id) => counts.get(id) ?? 0);
        }),
      },
    };
  };
}
