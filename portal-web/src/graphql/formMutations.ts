import type { ApolloCache, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useMemo } from 'react';
import { outcomeOf, outcomeOfRequestError, type FormActionOutcome as GenericOutcome } from '../lib/formOutcome';
import { isForm, type FormResult, type FormResultForm } from './formResult';
import { graphql } from './generated';
import type { SubmitFormStepInput } from './generated/graphql';

/** Contract limit: the client time-out for "next" is 15 seconds; the other form actions get the same. */
export const FORM_ACTION_TIMEOUT_MS = 15_000;

const SUBMIT_FORM_STEP = graphql(`
  mutation SubmitFormStep($input: SubmitFormStepInput!) {
    submitFormStep(input: $input) {
      ...FormResult_result
    }
  }
`);

const BACK_FORM_STEP = graphql(`
  mutation BackFormStep($processId: ID!, $step: Int!) {
    backFormStep(processId: $processId, step: $step) {
      ...FormResult_result
    }
  }
`);

const RESET_PROCESS = graphql(`
  mutation ResetProcess($processId: ID!) {
    resetProcess(processId: $processId) {
      ...FormResult_result
    }
  }
`);

const RESUME_PROCESS = graphql(`
  mutation ResumeProcess($processId: ID!) {
    resumeProcess(processId: $processId) {
      ...FormResult_result
    }
  }
`);

/** A form mutation: one field, answering a FormResult. */
type FormMutation<Field extends string, Variables extends OperationVariables> = TypedDocumentNode<Record<Field, FormResult>, Variables>;

export type FormActionOutcome = GenericOutcome<FormResultForm>;

export interface FormActions {
  submit(input: SubmitFormStepInput): Promise<FormActionOutcome>;
  /** `step`: the step on screen, so a double click or a second tab goes back once (STEP_CONFLICT). */
  back(processId: string, step: number): Promise<FormActionOutcome>;
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
    async function run<Field extends string, Variables extends OperationVariables>(
      mutation: FormMutation<Field, Variables>,
      field: Field,
      variables: Variables,
      processId: string,
    ): Promise<FormActionOutcome> {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), FORM_ACTION_TIMEOUT_MS);
      try {
        const { data } = await client.mutate({
          mutation,
          variables,
          // Apollo's HttpLink passes fetchOptions.signal to fetch: aborting cancels the request.
          context: { fetchOptions: { signal: controller.signal } },
          update: (cache, { data: answer }) => pointFormQueriesAt(cache, processId, answer?.[field]),
        });
        return outcomeOf<FormResultForm>(data?.[field]);
      } catch (error) {
        return outcomeOfRequestError(error, controller.signal.aborted);
      } finally {
        clearTimeout(timer);
      }
    }
    return {
      submit: (input) => run(SUBMIT_FORM_STEP, 'submitFormStep', { input }, input.processId),
      back: (processId, step) => run(BACK_FORM_STEP, 'backFormStep', { processId, step }, processId),
      reset: (processId) => run(RESET_PROCESS, 'resetProcess', { processId }, processId),
      resume: (processId) => run(RESUME_PROCESS, 'resumeProcess', { processId }, processId),
    };
  }, [client]);
}
