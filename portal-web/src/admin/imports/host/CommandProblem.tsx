import { Notice } from '../../ui/Notice';
import { importTexts } from '../texts';

/** Why a stage command (useImportCommand) was refused, in the server's words; nothing while none was. */
export function CommandProblem({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <Notice severity="error" title={importTexts.host.actionFailed}>
      {problem}
    </Notice>
  );
}
