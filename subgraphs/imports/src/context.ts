import type { Request } from 'express';
import { AuthenticationError } from '@ems/schema';
import { authOf, type RequestAuth } from '@ems/service-runtime';
import { OperatorScope } from './domain/access';
import type { ImportsDeps } from './domain/commands';

export interface ImportsContext {
  auth: RequestAuth;
  imports: ImportsDeps;
  /** The signed-in operator's scope; imports has nothing for anonymous callers. */
  scope(): OperatorScope;
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
    };
  };
}
