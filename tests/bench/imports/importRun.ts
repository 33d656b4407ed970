import { openAsBlob } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { FormData, request } from 'undici';
import { signMd5Link } from '@ems/router/src/dev/customerSite';
import { cookieFrom, keepAliveAgent, prepareRequest } from '../lib/http';

const SESSION_COOKIE = 'ems.sid';
const API = '/services/admin-service/api';
export const TERMINAL_STATES = ['COMPLETED', 'FAILED', 'CANCELLED', 'FINGERPRINT_ABORT'] as const;
/** States that wait for the operator: the benchmark's files are made not to need any of them. */
const OPERATOR_STATES = ['COLUMNS_NEEDED', 'CELLS_NEEDED', 'FINGERPRINT_WARNING'];
const CONTENT_TYPES: Record<string, string> = {
  '.csv': 'text/csv',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The framework's API is not (yet) what the benchmark is written against. */
export class ImportApiMissingError extends Error {}

/**
 * The job's counts: `rows` and `failed`, and what the flow reports besides (created, updated,
 * unchanged, persons created and matched by kind, merge candidates), printed as they come.
 * Empty until the worker has counted.
 */
export type ImportCounts = { rows?: number; failed?: number } & Record<string, number | undefined>;

/** The parts of the job (GET /api/imports/{id}) the benchmark reads. */
export interface ImportJob {
  id: string;
  state: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  counts: ImportCounts | null;
  error: { message: string } | null;
}

/** A signed-in operator on the router. */
export interface RouterSession {
  routerUrl: string;
  /** Host header: the tenant is resolved from the host name (`localhost` is tenant 1, md5 links). */
  host: string;
  cookie: string;
}

export async function signIn(routerUrl: string, host: string, customerSecret: string, userKey: string): Promise<RouterSession> {
  const agent = keepAliveAgent(1);
  try {
    const link = signMd5Link(customerSecret, userKey);
    const res = await prepareRequest({
      method: 'POST',
      url: `${routerUrl}/api/auth/external-login`,
      headers: { host },
      json: { userKey: link.u, userHash: link.h },
    }).send(agent);
    const cookie = cookieFrom(res.headers, SESSION_COOKIE);
    if (res.status !== 200 || !cookie) throw new Error(`sign-in of ${userKey} failed: ${res.status} ${res.body.slice(0, 200)}`);
    return { routerUrl, host, cookie: `${SESSION_COOKIE}=${cookie}` };
  } finally {
    agent.destroy();
  }
}

/** A flow's upload resource and its form fields besides the file (default: the participant import's). */
export interface UploadTarget {
  /** Under the admin service's `/api`, e.g. `/event-participants/import`. */
  path: string;
  fields: Record<string, string>;
}

/**
 * `PUT /api/event-participants/import` (or another flow's upload) with the file streamed from
 * disk (a Blob of fs.openAsBlob is read as the body goes out, never whole into memory). undici's
 * `request` rather than `fetch`, which would replace the Host header the tenant is resolved from.
 */
export async function uploadFile(
  session: RouterSession,
  eventId: number,
  file: string,
  target: UploadTarget = { path: '/event-participants/import', fields: {} },
): Promise<ImportJob> {
  const form = new FormData();
  form.set('eventId', String(eventId));
  for (const [name, value] of Object.entries(target.fields)) form.set(name, value);
  form.set('file', await openAsBlob(file, { type: CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' }), path.basename(file));
  const url = `${session.routerUrl}${API}${target.path}`;
  const res = await request(url, {
    method: 'PUT',
    headers: { host: session.host, cookie: session.cookie },
    body: form,
    headersTimeout: 600_000,
    bodyTimeout: 600_000,
  });
  const text = await res.body.text();
  if (res.statusCode === 201) {
    const job = JSON.parse(text) as ImportJob;
    if (typeof job.id !== 'string' || typeof job.state !== 'string')
      throw new ImportApiMissingError(`the upload answered 201 without a job id and state: ${text.slice(0, 200)}`);
    return job;
  }
  if ([404, 405, 501].includes(res.statusCode) && !text.includes('EVENT_NOT_FOUND')) {
    throw new ImportApiMissingError(
      `the import API is not there yet: PUT ${API}${target.path} answered ${res.statusCode} ${text.slice(0, 200)}`,
    );
  }
  throw new Error(`upload of ${path.basename(file)} answered ${res.statusCode}: ${text.slice(0, 300)}`);
}

export async function getJob(session: RouterSession, id: string): Promise<ImportJob> {
  const res = await request(`${session.routerUrl}${API}/imports/${id}`, { headers: { host: session.host, cookie: session.cookie } });
  const text = await res.body.text();
  if (res.statusCode !== 200) {
    if (res.statusCode === 404 && !text.includes(id))
      throw new ImportApiMissingError(`the import API is not there yet: GET ${API}/imports/{id} answered 404 ${text.slice(0, 200)}`);
    throw new Error(`GET ${API}/imports/${id} answered ${res.statusCode}: ${text.slice(0, 300)}`);
  }
  return JSON.parse(text) as ImportJob;
}

export interface ImportRunResult {
  file: string;
  bytes: number;
  eventId: number;
  jobId: string;
  state: string;
  /** Start of the upload to its 201. */
  uploadMs: number;
  /** Start of the upload to the first poll that saw the job COMPLETED. */
  endToEndMs: number;
  endToEndRowsPerSecond: number;
  /** finishedAt - startedAt of the job, as the worker wrote them. */
  workerMs: number;
  workerRowsPerSecond: number;
  /** startedAt - createdAt: from the job row's creation to a worker claiming it. */
  startDelayMs: number;
  counts: ImportCounts | null;
  error: { message: string } | null;
}

const ms = (iso: string | null) => (iso ? Date.parse(iso) : Number.NaN);

/**
 * One import through the router: upload, then the job read every `pollMs` until it ends;
 * `onPoll` runs at each poll (the memory sampler). Rejects when the job stops for the operator
 * (the file would be the benchmark's fault) and when it does not end before `deadline`
 * (performance.now() clock).
 */
export async function runImport(
  session: RouterSession,
  o: {
    eventId: number;
    file: string;
    bytes: number;
    expectedRows: number;
    pollMs: number;
    deadline: number;
    onPoll?: () => void;
    upload?: UploadTarget;
  },
): Promise<ImportRunResult> {
  const t0 = performance.now();
  const created = await uploadFile(session, o.eventId, o.file, o.upload);
  const uploadMs = performance.now() - t0;
  let job = created;
  while (!(TERMINAL_STATES as readonly string[]).includes(job.state)) {
    if (OPERATOR_STATES.includes(job.state)) {
      throw new Error(
        `${path.basename(o.file)}: job ${job.id} stopped in ${job.state}: the benchmark's file or event is wrong, not the import`,
      );
    }
    if (performance.now() > o.deadline) throw new Error(`${path.basename(o.file)}: job ${job.id} still ${job.state} at the time limit`);
    await new Promise((r) => setTimeout(r, o.pollMs));
    o.onPoll?.();
    job = await getJob(session, job.id);
  }
  const endToEndMs = performance.now() - t0;
  const rows = job.counts?.rows ?? o.expectedRows;
  const workerMs = ms(job.finishedAt) - ms(job.startedAt);
  return {
    file: path.basename(o.file),
    bytes: o.bytes,
    eventId: o.eventId,
    jobId: job.id,
    state: job.state,
    uploadMs,
    endToEndMs,
    endToEndRowsPerSecond: (rows / endToEndMs) * 1000,
    workerMs,
    workerRowsPerSecond: (rows / workerMs) * 1000,
    startDelayMs: ms(job.startedAt) - ms(job.createdAt),
    counts: job.counts,
    error: job.error,
  };
}
