import type http from 'node:http';
import { performance } from 'node:perf_hooks';
import { signMd5Link } from '@ems/router/src/dev/customerSite';
import { cookieFrom, keepAliveAgent, prepareRequest, type BenchResponse, type PreparedRequest } from '../lib/http';
import { answersFor, defaultAnswer, type FormDTO } from '../../support/registration';
import type { StepLog } from './steps';

export const SESSION_COOKIE = 'ems.sid';
export const PAYMENT_RETURN_QUERY =
  'query($r: String!, $t: String) { paymentReturn(reference: $r, transactionId: $t) { paymentStatus order { status } } }';
/** More question steps than this means the form is not the one the benchmark was written for. */
const MAX_FORM_STEPS = 30;

/** Where and how members reach the router. */
export interface JourneyTarget {
  routerUrl: string;
  /** Host header: the tenant is resolved from the host name (`localhost` is tenant 1, md5 links). */
  routerHost: string;
  customerSecret: string;
  periodId: number;
  /** A request still unanswered after this fails its member's registration. */
  requestTimeoutMs: number;
  /** No request runs past this moment (performance.now() clock), so the run stays bounded. */
  cutoff: number;
}

/**
 * One keep-alive connection per worker (a member's requests are sequential, like a browser's on
 * one tab); a request that times out takes its connection with it, and the worker gets a new one.
 */
export class WorkerAgents {
  private readonly agents = new Map<number, http.Agent>();

  get(worker: number): http.Agent {
    let agent = this.agents.get(worker);
    if (!agent) {
      agent = keepAliveAgent(1);
      this.agents.set(worker, agent);
    }
    return agent;
  }

  reset(worker: number): void {
    this.agents.get(worker)?.destroy();
    this.agents.delete(worker);
  }

  destroy(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}

function fail(step: string, res: BenchResponse, why: string): never {
  throw new Error(`${step}: ${why} (HTTP ${res.status}: ${res.body.slice(0, 300)})`);
}

function formOf(step: string, res: BenchResponse): FormDTO {
  if (res.status !== 200) fail(step, res, 'expected 200');
  return JSON.parse(res.body) as FormDTO;
}

type Prepare = (url: string, headers: Record<string, string>) => PreparedRequest;

/**
 * A signed-in browser of one member: keeps the session cookie the router sets (it may rotate it)
 * and times each request as one step of the journey. A step's time is its round trip only, and
 * counts only when the answer is the one the journey needs; otherwise the step has an error.
 */
class MemberBrowser {
  private cookie: string | undefined;
  private position = 0;

  constructor(
    private readonly t: JourneyTarget,
    private readonly agents: WorkerAgents,
    private readonly worker: number,
    private readonly steps: StepLog,
  ) {}

  get<T>(step: string, path: string, check: (res: BenchResponse) => T): Promise<T> {
    return this.step(step, path, (url, headers) => prepareRequest({ method: 'GET', url, headers }), check);
  }

  postJson<T>(step: string, path: string, json: unknown, check: (res: BenchResponse) => T): Promise<T> {
    return this.step(step, path, (url, headers) => prepareRequest({ method: 'POST', url, headers, json }), check);
  }

  postForm<T>(step: string, path: string, fields: Record<string, string>, check: (res: BenchResponse) => T): Promise<T> {
    return this.step(step, path, (url, headers) => prepareRequest({ method: 'POST', url, headers, form: fields }), check);
  }

  private async step<T>(step: string, path: string, prepare: Prepare, check: (res: BenchResponse) => T): Promise<T> {
    const position = this.position++;
    try {
      const remaining = this.t.cutoff - performance.now();
      if (remaining <= 0) throw new Error(`${step}: time limit reached before this step`);
      const headers: Record<string, string> = { host: this.t.routerHost };
      if (this.cookie) headers.cookie = `${SESSION_COOKIE}=${this.cookie}`;
      const request = prepare(new URL(path, this.t.routerUrl).toString(), headers);
      const t0 = performance.now();
      const res = await this.withTimeout(step, request.send(this.agents.get(this.worker)), Math.min(this.t.requestTimeoutMs, remaining));
      const ms = performance.now() - t0;
      this.cookie = cookieFrom(res.headers, SESSION_COOKIE) ?? this.cookie;
      const value = check(res);
      this.steps.ok(step, position, ms);
      return value;
    } catch (err) {
      this.steps.failed(step, position, err);
      throw err;
    }
  }

  private withTimeout(step: string, pending: Promise<BenchResponse>, ms: number): Promise<BenchResponse> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        this.agents.reset(this.worker);
        reject(new Error(`${step}: no answer within ${Math.round(ms)} ms`));
      }, ms);
    });
    return Promise.race([pending, timeout]).finally(() => clearTimeout(timer));
  }
}

function graphqlData<T>(step: string, res: BenchResponse): T {
  if (res.status !== 200) fail(step, res, 'expected 200');
  const body = JSON.parse(res.body) as { data?: T; errors?: unknown[] };
  if (body.errors?.length || !body.data) fail(step, res, 'GraphQL errors');
  return body.data;
}

/** The name a question step is reported under: its position and question type. */
function questionStep(form: FormDTO): string {
  return form.questionType === 'ITC' ? `complete (step ${form.step} ITC)` : `next step ${form.step} ${form.questionType}`;
}

/**
 * One member's whole registration through the router, as the portal drives it: sign in with a
 * signed link, read the form, select their one person, answer every question, complete (an
 * order, PENDING_PAYMENT), then pay with the built-in provider and read the payment return.
 * Rejects at the first answer that is not the expected one.
 */
export async function registerMember(
  t: JourneyTarget,
  agents: WorkerAgents,
  worker: number,
  userKey: string,
  steps: StepLog,
): Promise<void> {
  const browser = new MemberBrowser(t, agents, worker, steps);

  const link = signMd5Link(t.customerSecret, userKey);
  await browser.postJson('sign-in', '/api/auth/external-login', { userKey: link.u, userHash: link.h }, (res) => {
    if (res.status !== 200 || !cookieFrom(res.headers, SESSION_COOKIE)) fail('sign-in', res, 'expected 200 with a session cookie');
  });

  let form = await browser.get('get form', `/api/forms/membership/${t.periodId}?userKey=${encodeURIComponent(userKey)}`, (res) => {
    const f = formOf('get form', res);
    if (f.processState !== 'RUNNING' || f.step !== 1 || f.people.length !== 1 || !f.people[0]!.canSelect) {
      fail('get form', res, 'expected a new process at step 1 with one selectable person');
    }
    return f;
  });

  const advance = (step: string, people: Array<{ id: number; answer?: string | null }>) => {
    const from = form.step;
    return browser.postJson(step, '/api/forms/next', { processId: form.processId, step: from, people }, (res) => {
      const f = formOf(step, res);
      if (f.processState === 'RUNNING' ? f.step !== from + 1 : f.processState !== 'PENDING_PAYMENT' || !f.paymentUrl) {
        fail(step, res, `expected step ${from + 1}, or PENDING_PAYMENT with a paymentUrl after the last question`);
      }
      return f;
    });
  };

  form = await advance('next step 1 select person', [{ id: form.people[0]!.id }]);
  for (let n = 0; form.processState === 'RUNNING' && form.questionType; n++) {
    if (n >= MAX_FORM_STEPS) throw new Error(`more than ${MAX_FORM_STEPS} question steps: not the demo form`);
    form = await advance(
      questionStep(form),
      answersFor(form, (type, i) => defaultAnswer(form, type, i)),
    );
  }
  if (form.processState !== 'PENDING_PAYMENT' || !form.paymentUrl) {
    throw new Error(`the last step left the process ${form.processState} without a paymentUrl`);
  }

  const paymentUrl = new URL(form.paymentUrl, t.routerUrl);
  const checkoutPath = await browser.get('pay link', paymentUrl.pathname + paymentUrl.search, (res) => {
    if (res.status !== 302 || !res.headers.location) fail('pay link', res, 'expected 302 to the checkout');
    return new URL(res.headers.location, paymentUrl).pathname;
  });
  await browser.get('checkout page', checkoutPath, (res) => {
    if (res.status !== 200 || !res.body.includes('value="pay"')) fail('checkout page', res, 'expected 200 with the pay button');
  });
  const returnUrl = await browser.postForm('checkout decision', checkoutPath, { decision: 'pay' }, (res) => {
    if (res.status !== 303 || !res.headers.location) fail('checkout decision', res, 'expected 303 to the payment return');
    const url = new URL(res.headers.location, t.routerUrl);
    if (url.searchParams.get('status') !== 'success' || !url.searchParams.get('reference')) {
      fail('checkout decision', res, `unexpected return URL ${url.pathname}${url.search}`);
    }
    return url;
  });
  await browser.postJson(
    'payment return',
    '/graphql',
    {
      query: PAYMENT_RETURN_QUERY,
      variables: { r: returnUrl.searchParams.get('reference'), t: returnUrl.searchParams.get('transactionId') },
    },
    (res) => {
      const data = graphqlData<{ paymentReturn: { paymentStatus: string; order: { status: string } } | null }>('payment return', res);
      if (data.paymentReturn?.paymentStatus !== 'SUCCEEDED' || data.paymentReturn.order.status !== 'PAID') {
        fail('payment return', res, 'expected SUCCEEDED and a PAID order');
      }
    },
  );
}
