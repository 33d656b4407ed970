import type { FormOutcome, FormView } from '../domain/types';

export type FormParent = FormView & { __typename: 'Form' };

export interface FormErrorParent {
  __typename: 'FormError';
  code: string;
  message: string;
  rule: string | null;
  personId: number | null;
  current: FormParent | null;
}

const asForm = (form: FormView): FormParent => ({ __typename: 'Form', ...form });

/** A workflow outcome as the FormResult union. */
export function toFormResult(outcome: FormOutcome): FormParent | FormErrorParent {
  if (outcome.ok) return asForm(outcome.form);
  const f = outcome.failure;
  return {
    __typename: 'FormError',
    code: f.code,
    message: f.message,
    rule: f.rule ?? null,
    personId: f.personId ?? null,
    current: f.current ? asForm(f.current) : null,
  };
}
