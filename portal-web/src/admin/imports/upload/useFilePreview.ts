import { useEffect, useState } from 'react';
import { previewImportFile, type FilePreview, type PreviewOptions } from '../lib/importRest';

export type PreviewState = (
  { status: 'none' } | { status: 'loading' } | { status: 'ready'; preview: FilePreview } | { status: 'failed'; message: string }
) & {
  /** What detection found for this file, kept while the operator tries another encoding or delimiter. */
  detected: { encoding: string | null; delimiter: string | null };
};

const NOTHING_DETECTED = { encoding: null, delimiter: null };

/**
 * The chosen file's preview, read again whenever a choice that changes how it is read changes
 * (sheet, encoding, delimiter) or the source system (its recognised template variant). A newer
 * request aborts the one before, so the preview always matches the choices on screen.
 */
export function useFilePreview(file: File | null, options: PreviewOptions): PreviewState {
  const [state, setState] = useState<PreviewState>({ status: 'none', detected: NOTHING_DETECTED });
  const { sheetIndex, encoding, delimiter, sourceSystemId, importType } = options;
  useEffect(() => {
    if (!file) {
      setState({ status: 'none', detected: NOTHING_DETECTED });
      return;
    }
    const abort = new AbortController();
    setState((prev) => ({ status: 'loading', detected: prev.detected }));
    previewImportFile(file, { sheetIndex, encoding, delimiter, sourceSystemId, importType }, abort.signal).then(
      (preview) =>
        setState((prev) => ({
          status: 'ready',
          preview,
          detected: {
            encoding: encoding === '' ? preview.encoding : prev.detected.encoding,
            delimiter: delimiter === '' ? preview.delimiter : prev.detected.delimiter,
          },
        })),
      (err: unknown) => {
        if (!abort.signal.aborted)
          setState((prev) => ({ status: 'failed', message: err instanceof Error ? err.message : String(err), detected: prev.detected }));
      },
    );
    return () => abort.abort();
  }, [file, sheetIndex, encoding, delimiter, sourceSystemId, importType]);
  return state;
}
