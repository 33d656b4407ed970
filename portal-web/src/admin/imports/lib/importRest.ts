/**
 * The import REST the pages call through the admin router's proxy (`/services/admin-service/**`,
 * the session's token attached there): the flows' uploads, the type-agnostic preview and the
 * corrections upload. Everything else goes through GraphQL. Errors are the contract's
 * `{ error, message, code }`; their message is for the operator.
 */
import type { ImportFlow } from './flows';

export const ADMIN_SERVICE = '/services/admin-service';
const API = `${ADMIN_SERVICE}/api`;

export class ImportRequestError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly status: number,
  ) {
    super(message);
  }
}

function problemOf(status: number, body: string): ImportRequestError {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; code?: unknown };
    if (typeof parsed.message === 'string')
      return new ImportRequestError(parsed.message, typeof parsed.code === 'string' ? parsed.code : null, status);
  } catch {
    // Not the contract's body (a proxy's page): the status says enough.
  }
  return new ImportRequestError(`The server answered ${status}`, null, status);
}

/**
 * A multipart upload with its progress (fetch reports none): the operator sees a large file go up.
 * Answers the created job's id.
 */
function sendMultipart(
  method: 'PUT' | 'POST',
  path: string,
  form: FormData,
  onProgress?: (percent: number) => void,
): Promise<{ id: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.floor((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status === 201) resolve(JSON.parse(xhr.responseText) as { id: string });
      else reject(problemOf(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new ImportRequestError('The server could not be reached', null, 0));
    xhr.send(form);
  });
}

/** The flow's upload (`PUT /api/<entity>/import`): its form fields and the file. */
export function uploadImportFile(flow: ImportFlow, fields: Record<string, string>, file: File, onProgress?: (percent: number) => void) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== '') form.append(name, value);
  form.append('file', file, file.name);
  return sendMultipart('PUT', `${API}${flow.uploadPath}`, form, onProgress);
}

/** The corrected failed rows of a completed import, imported as a new import of the same flow. */
export function uploadCorrections(jobId: string, file: File, onProgress?: (percent: number) => void) {
  const form = new FormData();
  form.append('file', file, file.name);
  return sendMultipart('POST', `${API}/imports/${encodeURIComponent(jobId)}/corrections`, form, onProgress);
}

export interface FilePreview {
  kind: 'csv' | 'xlsx';
  encoding: string | null;
  delimiter: string | null;
  sheets: string[];
  sheetIndex: number;
  header: string[];
  rows: Array<{ rowNo: number; cells: string[] }>;
  templateVariantKey: string | null;
  /** Why the file cannot be read this way (the import would fail the same), or null. */
  problem: string | null;
}

export interface PreviewOptions {
  sheetIndex: number;
  /** '' : detected */
  encoding: string;
  delimiter: string;
  sourceSystemId: string;
  importType: string;
}

/** A CSV's first rows are in its first bytes: only those go to the preview. */
const CSV_PREVIEW_BYTES = 256 * 1024;

async function isZip(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

/**
 * `POST /api/imports/preview`: the first rows as the import will read them. An XLSX goes whole
 * (its directory is at the end of the zip), a CSV only its first part.
 */
export async function previewImportFile(file: File, options: PreviewOptions, signal?: AbortSignal): Promise<FilePreview> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options)) if (value !== '') form.append(name, String(value));
  form.append('file', (await isZip(file)) ? file : file.slice(0, CSV_PREVIEW_BYTES), file.name);
  const res = await fetch(`${API}/imports/preview`, {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    signal,
  });
  const body = await res.text();
  if (!res.ok) throw problemOf(res.status, body);
  return JSON.parse(body) as FilePreview;
}

/** The failed rows' CSV, as the browser downloads it through the router. */
export function failedRowsHref(failedRowsUrl: string): string {
  return `${ADMIN_SERVICE}${failedRowsUrl}`;
}
