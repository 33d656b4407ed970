import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useState } from 'react';

/**
 * A stage command (submitColumnMappings, submitCellMappings, resumeFromFingerprint, cancelImport,
 * undoImport): busy while it runs, the server's message when it is refused. Each answers the job
 * with the host's fields, so the normalised cache moves the host to the next stage at once.
 */
export function useImportCommand<Data, Variables extends OperationVariables>(document: TypedDocumentNode<Data, Variables>) {
  const client = useApolloClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = useCallback(
    async (variables: Variables): Promise<Data | null> => {
      setBusy(true);
      setProblem(null);
      try {
        const { data } = await client.mutate({ mutation: document, variables });
        return data ?? null;
      } catch (err) {
        setProblem(err instanceof Error ? err.message : String(err));
        return null;
      } finally {
        setBusy(false);
      }
    },
    [client, document],
  );
  return { run, busy, problem };
}
