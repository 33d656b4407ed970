import { TooManyRequestsError } from '@ems/schema';

/** A preview takes a second or a few; the screen asks again after this. */
const RETRY_AFTER_SECONDS = 2;

export interface PreviewSlots {
  /** Takes a slot, or refuses with 429 `TOO_MANY_PREVIEWS` (Retry-After); the returned release is idempotent. */
  enter(): () => void;
}

/**
 * At most `limit` previews read at the same time in this process (docs/imports.md, "Preview").
 * A preview spools the upload and may start an XLSX reader child of up to
 * `IMPORT_XLSX_WORKER_MEMORY_MB`: unbounded, a few screens would exhaust the machine. Counted per
 * process, so each instance of the service bounds itself.
 */
export function previewSlots(limit: number): PreviewSlots {
  let taken = 0;
  return {
    enter() {
      if (taken >= limit) {
        throw new TooManyRequestsError('Too many files are being previewed at the moment; try again shortly', RETRY_AFTER_SECONDS, {
          code: 'TOO_MANY_PREVIEWS',
        });
      }
      taken++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        taken--;
      };
    },
  };
}
