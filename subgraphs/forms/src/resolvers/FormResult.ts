import type { FormErrorParent, FormParent } from './results';

export const FormResult = {
  __resolveType: (result: FormParent | FormErrorParent) => result.__typename,
};
