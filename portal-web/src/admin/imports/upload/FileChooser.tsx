import { Notice } from '../../ui/Notice';
import { importTexts } from '../texts';
import { FilePreviewTable } from './FilePreviewTable';
import type { PreviewState } from './useFilePreview';
import { HintedField } from '../../ui/HintedField';

const texts = importTexts.upload;

/** The encodings an operator may choose instead of the detected one (the reader's list). */
const ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'iso-8859-15'];
const DELIMITERS = ['comma', 'semicolon', 'tab', 'pipe'];

export interface ReadChoices {
  sheetIndex: number;
  /** '' : as detected */
  encoding: string;
  delimiter: string;
}

interface FileChooserProps {
  onFile: (file: File | null) => void;
  preview: PreviewState;
  choices: ReadChoices;
  onChoices: (choices: ReadChoices) => void;
}

/**
 * The file input, then how the file will be read: the sheet of a workbook, the encoding and
 * delimiter of a CSV (detected, and changeable when detection guessed wrong), and its first rows.
 */
export function FileChooser({ onFile, preview, choices, onChoices }: FileChooserProps) {
  const ready = preview.status === 'ready' ? preview.preview : null;
  return (
    <div className="file-chooser">
      <HintedField id="import-file" label={texts.file} hint={texts.fileHint}>
        {(control) => (
          <input
            {...control}
            type="file"
            accept=".csv,.txt,.tsv,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => {
              onChoices({ sheetIndex: 0, encoding: '', delimiter: '' });
              onFile(e.target.files?.[0] ?? null);
            }}
          />
        )}
      </HintedField>
      {ready && ready.kind === 'xlsx' && ready.sheets.length > 1 && (
        <div className="field">
          <label htmlFor="import-sheet">{texts.sheet}</label>
          <select
            id="import-sheet"
            value={choices.sheetIndex}
            onChange={(e) => onChoices({ ...choices, sheetIndex: Number(e.target.value) })}
          >
            {ready.sheets.map((name, i) => (
              <option key={i} value={i}>
                {name}
              </option>
            ))}
          </select>
        </div>
      )}
      {(ready?.kind === 'csv' || preview.detected.encoding !== null) && (
        <div className="read-choices">
          <div className="field">
            <label htmlFor="import-encoding">{texts.encoding}</label>
            <select id="import-encoding" value={choices.encoding} onChange={(e) => onChoices({ ...choices, encoding: e.target.value })}>
              <option value="">{texts.detected(preview.detected.encoding ?? '…')}</option>
              {ENCODINGS.map((e) => (
                <option key={e} value={e}>
                  {e}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="import-delimiter">{texts.delimiter}</label>
            <select id="import-delimiter" value={choices.delimiter} onChange={(e) => onChoices({ ...choices, delimiter: e.target.value })}>
              <option value="">
                {texts.detected(
                  preview.detected.delimiter ? (texts.delimiters[preview.detected.delimiter] ?? preview.detected.delimiter) : '…',
                )}
              </option>
              {DELIMITERS.map((d) => (
                <option key={d} value={d}>
                  {texts.delimiters[d]}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      <div aria-live="polite">
        {preview.status === 'loading' && <p className="muted">{texts.previewing}</p>}
        {preview.status === 'failed' && (
          <Notice severity="error" title={texts.previewFailed} testId="preview-error">
            {preview.message}
          </Notice>
        )}
      </div>
      {ready?.problem && (
        <Notice severity="error" title={texts.previewFailed} testId="preview-problem">
          {ready.problem}
        </Notice>
      )}
      {ready && ready.header.length > 0 && (
        <>
          <h3>{texts.previewTitle}</h3>
          <FilePreviewTable preview={ready} />
        </>
      )}
    </div>
  );
}
