import type { Request } from 'express';
import { AuthenticationError } from '@ems/schema';
import { authOf, type RequestAuth } from '@ems/service-runtime';
import type { FormUser } from './domain/types';
import type { FormsDeps } from './domain/commands';

export interface FormsContext {
  auth: RequestAuth;
  forms: FormsDeps;
  /** The signed-in user (bearer token); forms has nothing for anonymous callers. */
  user(): FormUser;
}

export function createContextFactory(forms: FormsDeps) {
  return async (req: Request): Promise<FormsContext> => {
    const auth = authOf(req);
    return {
      auth,
      forms,
      user: () => {
        if (!auth.user) throw new AuthenticationError('Authentication required', { code: 'NOT_AUTHENTICATED' });
        return { accountId: auth.user.accountId, registrationSystemId: auth.user.registrationSystemId, userKey: auth.user.userKey };
      },
    };
  };
}
