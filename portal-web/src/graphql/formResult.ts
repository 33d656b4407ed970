import { graphql } from './generated';
import type { FormResult_ResultFragment } from './generated/graphql';

/**
 * The fields of a FormResult (Form | FormError) that every form operation selects, so that each
 * answer replaces the same cache entry (Form is keyed by processId). A FormError's `current` (on
 * STEP_CONFLICT) is a Form too and lands in that entry, which shows the current state.
 */
export const FORM_RESULT_FRAGMENT = graphql(`
  fragment FormResult_result on FormResult {
    __typename
    ... on Form {
      ...FormStep_form
    }
    ... on FormError {
      code
      message
      rule
      personId
      current {
        ...FormStep_form
      }
    }
  }
`);

export type FormResult = FormResult_ResultFragment;
export type FormResultForm = Extract<FormResult, { __typename: 'Form' }>;

export function isForm(result: FormResult | null | undefined): result is FormResultForm {
  return result?.__typename === 'Form';
}
