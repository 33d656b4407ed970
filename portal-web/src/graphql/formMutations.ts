import { gql, type ApolloCache, type OperationVariables, type TypedDocumentNode } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useMemo } from 'react';
import type { FormStepForm } from '../components/FormStep';
import { outcomeOf, outcomeOfRequestError, type FormActionOutcome as GenericOutcome } from '../lib/formOutcome';
import { FORM_RESULT_FRAGMENT, isForm, type FormResult } from './formResult';

/** Contract limit: the client time-out for "next" is 15 seconds; the other form actions get the same. */
export const FORM_ACTION_TIMEOUT_MS = 15_000;

export interface SubmitFormStepInput {
  processId: string;
  step: number;
  people: Array<{ id: number; answer?: string }>;
}

/** Each form mutation answers one FormResult field; the variables are typed by FormActions below. */
type FormMutationData = Record<string, FormResult>;
type FormMutationDocument = TypedDocumentNode<FormMutationData, OperationVariables>;

const SUBMIT_FORM_STEP: FormMutationDocument = gql`
  mutation SubmitFormStep($input: SubmitFormStepInput!) {
    submitFormStep(input: $input) {
      ...FormResult_result
    }
  }
  ${FORM_RESULT_FRAGMENT}
`;

const BACK_FORM_STEP: FormMutationDocument = gql`
  mutation BackFormStep($processId: ID!) {
    backFormStep(processId: $processId) {
      ...FormResult_result
    }
  }
  ${FORM_RESULT_FRAGMENT}
`;

const RESET_PROCESS: FormMutationDocument = gql`
  mutation ResetProcess($processId: ID!) {
    resetProcess(processId: $processId) {
      ...FormResult_result
    }
  }
  ${FORM_RESULT_FRAGMENT}
`;

const RESUME_PROCESS: FormMutationDocument = gql`
  mutation ResumeProcess($processId: ID!) {
    resumeProcess(processId: $processId) {
      ...FormResult_result
    }
  }
  ${FORM_RESULT_FRAGMENT}
`;

export const FORM_MUTATION_DOCUMENTS = { SUBMIT_FORM_STEP, BACK_FORM_STEP, RESET_PROCESS, RESUME_PROCESS };

export type FormActionOutcome = GenericOutcome<FormStepForm>;

export interface FormActions {
  submit(input: SubmitFormStepInput): Promise<FormActionOutcome>;
  back(processId: string): Promise<FormActionOutcome>;
  reset(processId: string): Promise<FormActionOutcome>;
  resume(processId: string): Promise<FormActionOutcome>;
}

/**
 * The cache update every form action needs beyond normalisation: when the answer is a different
 * process (a reset that starts a new instance), every `membershipForm` field that showed the old
 * process now shows the new one. Same process: the Form entry was already replaced.
 */
function pointFormQueriesAt(cache: ApolloCache, previousProcessId: string, result: FormResult | undefined): void {
  const form = isForm(result) ? result : result?.current;
  if (!form || form.processId === previousProcessId) return;
  const id = cache.identify({ __typename: 'Form', processId: form.processId });
  if (!id) return;
  cache.modify({
    id: 'ROOT_QUERY',
    fields: {
      membershipForm(existing, { readField, toReference }) {
        return readField<string>('processId', existing as never) === previousProcessId ? (toReference(id) ?? existing) : existing;
      },
    },
  });
}

/** The four form mutations with their cache updates, time-out and failure texts. */
export function useFormActions(): FormActions {
  const client = useApolloClient();
  return useMemo(() => {
    async function run(
      mutation: FormMutationDocument,
      field: string,
      variables: OperationVariables,
      processId: string,
    ): Promise<FormActionOutcome> {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), FORM_ACTION_TIMEOUT_MS);
      try {
        const { data } = await client.mutate<FormMutationData>({
          mutation,
          variables,
          // Apollo's HttpLink passes fetchOptions.signal to fetch: aborting cancels the request.
          context: { fetchOptions: { signal: controller.signal } },
          update: (cache, { data: answer }) => pointFormQueriesAt(cache, processId, answer?.[field]),
        });
        return outcomeOf<FormStepForm>(data?.[field]);
      } catch (error) {
        return outcomeOfRequestError(error, controller.signal.aborted);
      } finally {
        clearTimeout(timer);
      }
    }
    return {
      submit: (input) => run(SUBMIT_FORM_STEP, 'submitFormStep', { input }, input.processId),
      back: (processId) => run(BACK_FORM_STEP, 'backFormStep', { processId }, processId),
      reset: (processId) => run(RESET_PROCESS, 'resetProcess', { processId }, processId),
      resume: (processId) => run(RESUME_PROCESS, 'resumeProcess', { processId }, processId),
    };
  }, [client]);
}
