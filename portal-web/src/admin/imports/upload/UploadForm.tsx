import { useState, type FormEvent, type ReactNode } from 'react';
import { navigate } from '../../../lib/navigation';
import { Notice } from '../../ui/Notice';
import type { ImportFlow } from '../lib/flows';
import { hostPath } from '../lib/importPaths';
import { uploadImportFile } from '../lib/importRest';
import { importTexts } from '../texts';
import { FileChooser, type ReadChoices } from './FileChooser';
import { RecentImports } from './RecentImports';
import { SourceSystemPicker, variantToSend } from './SourceSystemPicker';
import type { SourceSystemOption } from './sourceSystemsQuery';
import { useFilePreview } from './useFilePreview';

const texts = importTexts.upload;

export interface FlowFieldsContext {
  /** The chosen file's header row once previewed (e.g. to pick the columns kept as custom fields). */
  header: string[] | null;
}

interface UploadFormProps {
  flow: ImportFlow;
  title: string;
  intro: string;
  /** The flow's own form fields as the upload sends them. */
  fields: Record<string, string>;
  /** What the flow still needs before it can be submitted (e.g. "Choose an event"), or null. */
  incomplete: string | null;
  /** The flow's own inputs. */
  children: (context: FlowFieldsContext) => ReactNode;
}

/**
 * The upload screen every flow shares (contract bookend item 7): the source-system dropdown where
 * the flow has one, with its template-variant picker; the flow's own fields; the file with its
 * sheet, encoding, delimiter and first rows; submit, which goes to the common host
 * `/imports/<uuid>`; and the recent imports of this flow's ImportType.
 */
export function UploadForm({ flow, title, intro, fields, incomplete, children }: UploadFormProps) {
  const [sourceSystemId, setSourceSystemId] = useState('');
  const [sourceSystem, setSourceSystem] = useState<SourceSystemOption | null>(null);
  const [chosenVariant, setChosenVariant] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [choices, setChoices] = useState<ReadChoices>({ sheetIndex: 0, encoding: '', delimiter: '' });
  const [tried, setTried] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useFilePreview(file, { ...choices, sourceSystemId, importType: flow.importType });
  const ready = preview.status === 'ready' ? preview.preview : null;
  // A file the reader refuses would fail the import the same way: the operator chooses again first.
  const missing = incomplete ?? (file ? (ready?.problem ?? null) : texts.chooseFile);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (missing || !file) return;
    setBusy(true);
    setProblem(null);
    try {
      const variants = sourceSystem?.templateVariants ?? [];
      const job = await uploadImportFile(
        flow,
        {
          ...fields,
          ...(flow.hasSourceSystem
            ? { sourceSystemId, templateVariantKey: variantToSend(variants, chosenVariant, ready?.templateVariantKey ?? null) }
            : {}),
          sheetIndex: ready?.kind === 'xlsx' ? String(choices.sheetIndex) : '',
          encoding: choices.encoding,
          delimiter: choices.delimiter,
        },
        file,
        setProgress,
      );
      navigate(hostPath(job.id));
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  }

  return (
    <section className="import-page" aria-labelledby="upload-title" data-testid="import-upload" data-flow={flow.callerKey}>
      <h1 id="upload-title">{title}</h1>
      <p>{intro}</p>
      <form className="card upload-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        {flow.hasSourceSystem && (
          <SourceSystemPicker
            importType={flow.importType}
            sourceSystemId={sourceSystemId}
            onSourceSystem={(id, system) => {
              setSourceSystemId(id);
              setSourceSystem(system);
              setChosenVariant(null);
            }}
            chosenVariant={chosenVariant}
            recognisedVariant={ready?.templateVariantKey ?? null}
            onVariant={setChosenVariant}
          />
        )}
        {children({ header: ready?.header ?? null })}
        <FileChooser onFile={setFile} preview={preview} choices={choices} onChoices={setChoices} />
        {tried && missing && <Notice severity="error">{missing}</Notice>}
        {problem && (
          <Notice severity="error" title={texts.uploadFailed} testId="upload-problem">
            {problem}
          </Notice>
        )}
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? texts.uploading(progress) : texts.submit}
          </button>
        </div>
      </form>
      <RecentImports importType={flow.importType} />
    </section>
  );
}
