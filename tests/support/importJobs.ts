import { setTimeout as sleep } from 'node:timers/promises';
import type { HttpClient, HttpResponse } from './client';

/** The admin service's REST through the router. */
export const ADMIN_API = '/services/admin-service/api';

/** States in which the worker has the job (the common host keeps polling). */
const RUNNING = ['QUEUED', 'PARSING', 'MATCHING_CELLS', 'VERIFYING', 'PROCESSING'];

/**
 * Polls an import job like the common host does (every few seconds there; faster here) until it
 * waits for the operator or has ended, or 30 s have passed.
 */
export async function settledImport<T extends { state: string }>(client: HttpClient, id: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await client.get(`${ADMIN_API}/imports/${id}`);
    if (res.status !== 200) throw new Error(`GET /imports/${id} answered ${res.status}: ${res.text}`);
    const job = res.json<T>();
    if (!RUNNING.includes(job.state) || Date.now() > deadline) return job;
    await sleep(100);
  }
}

/** An upload's answer: 201 with the job's location; then the job once settled. */
export async function uploadedImport<T extends { state: string }>(client: HttpClient, res: HttpResponse): Promise<T> {
  if (res.status !== 201) throw new Error(`the upload answered ${res.status}: ${res.text}`);
  const { id } = res.json<{ id: string }>();
  if (res.headers.location !== `${ADMIN_API}/imports/${id}`) throw new Error(`unexpected Location ${String(res.headers.location)}`);
  return settledImport<T>(client, id);
}
