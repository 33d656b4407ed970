import { gql } from '@apollo/client';
import { FORM_STEP_FRAGMENT, type FormStepForm } from '../components/FormStep';

/**
 * The fields of a FormResult (Form | FormError) that every form operation selects, so that each
 * answer replaces the same cache entry (Form is keyed by processId). A FormError's `current` (on
 * STEP_CONFLICT) is a Form too and lands in that entry, which shows the current state.
 */
export const FORM_RESULT_FRAGMENT = gql`
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
  ${FORM_STEP_FRAGMENT}
`;

export interface FormErrorResult {
  __typename: 'FormError';
  code: string;
  message: string;
  rule: string | null;
  personId: number | null;
  current: FormStepForm | null;
}

export type FormResult = FormStepForm | FormErrorResult;

export function isForm(result: FormResult | null | undefined): result is FormStepForm {
  return result?.__typename === 'Form';
}
