import { e2eContext } from '../support/stackContext';
import { startWorker, stopWorker } from '../support/stackWorker';

/**
 * The imports worker is a process of the system: the e2e stack runs one, and a test can kill it
 * the hard way and start another in its place (for the lease and checkpoint tests of imports).
 */
const health = async (url: string) => {
  try {
    const res = await fetch(`${url}/actuator/health`, { signal: AbortSignal.timeout(2000) });
    return { status: res.status, body: (await res.json()) as unknown };
  } catch {
    return { status: 0, body: undefined };
  }
};

describe('the imports worker in the e2e stack', () => {
  it('runs beside the services and answers its health check', async () => {
    const { urls } = e2eContext();
    expect(await health(urls.worker)).toEqual({ status: 200, body: expect.objectContaining({ status: 'UP', service: 'imports-worker' }) });
  });

  it('can be killed with SIGKILL and replaced by another worker', async () => {
    const { urls } = e2eContext();
    await stopWorker('SIGKILL');
    expect((await health(urls.worker)).status).toBe(0);

    const replacement = await startWorker();
    expect(replacement.url).not.toBe(urls.worker);
    expect(await health(replacement.url)).toEqual({ status: 200, body: expect.objectContaining({ status: 'UP' }) });
  });
});
