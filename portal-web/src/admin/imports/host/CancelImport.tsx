import { ConfirmButton } from '../../ui/ConfirmButton';
import { importTexts } from '../texts';
import { CANCEL_IMPORT } from './hostJob';
import { useImportCommand } from './useImportCommand';
import { CommandProblem } from './CommandProblem';

const texts = importTexts.host;

/** Cancel, from any stage that has not ended, after a confirmation: nothing more is written. */
export function CancelImport({ jobId }: { jobId: string }) {
  const cancel = useImportCommand(CANCEL_IMPORT);
  return (
    <div className="import-cancel">
      <CommandProblem problem={cancel.problem} />
      <ConfirmButton
        label={texts.cancel}
        title={texts.cancelTitle}
        body={<p>{texts.cancelBody}</p>}
        confirmLabel={texts.cancelConfirm}
        keepLabel={texts.cancelKeep}
        disabled={cancel.busy}
        danger
        onConfirm={() => void cancel.run({ jobId })}
      />
    </div>
  );
}
