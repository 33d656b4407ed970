import type { FormResultResolvers } from './types.generated';

export const FormResult = {
  __resolveType: (result) => result.__typename,
} satisfies FormResultResolvers;
