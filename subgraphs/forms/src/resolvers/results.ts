import type { FormOutcome, FormView } from '../domain/types';
import type { ResolversParentTypes } from './types.generated';

type FormResultParent = ResolversParentTypes['FormResult'];

const asForm = (form: FormView) => ({ __typename: 'Form' as const, ...form });

/** A workflow outcome as the FormResult union. */
export function toFormResult(outcome: FormOutcome): FormResultParent {
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
