import type { Knex } from '@ems/db';
import type { HttpClient, HttpResponse } from './client';
import { until } from './until';

/** The contract's FormDTO, as the REST endpoints return it. */
export interface FormDTO {
  processId: string;
  step: number;
  processState: string;
  people: Array<{
    id: number;
    firstName: string;
    lastName: string;
    dateOfBirth: string;
    status: string;
    canSelect: boolean;
    selected: boolean;
    answer: string | null;
    hide: boolean;
  }>;
  question: string | null;
  questionType: string | null;
  required: boolean;
  options: Array<{ value: string; label: string }> | null;
  paymentUrl: string | null;
}

export async function getForm(client: HttpClient, periodId: number, userKey: string): Promise<FormDTO> {
  const res = await client.get(`/api/forms/membership/${periodId}?userKey=${encodeURIComponent(userKey)}`);
  if (res.status !== 200) throw new Error(`GET form: ${res.status} ${res.text}`);
  return res.json<FormDTO>();
}

export async function next(
  client: HttpClient,
  form: FormDTO,
  people: Array<{ id: number; answer?: string | null }>,
): Promise<HttpResponse> {
  return client.post('/api/forms/next', { json: { processId: form.processId, step: form.step, people } });
}

export async function nextOk(client: HttpClient, form: FormDTO, people: Array<{ id: number; answer?: string | null }>): Promise<FormDTO> {
  const res = await next(client, form, people);
  if (res.status !== 200) throw new Error(`POST next at step ${form.step} (${form.questionType}): ${res.status} ${res.text}`);
  return res.json<FormDTO>();
}

/** A valid answer for every visible person of a question step. */
export function answersFor(form: FormDTO, choose: (type: string, personIndex: number) => string): Array<{ id: number; answer: string }> {
  return form.people.filter((p) => !p.hide).map((p, i) => ({ id: p.id, answer: choose(form.questionType ?? '', i) }));
}

export function defaultAnswer(form: FormDTO, type: string, index: number): string {
  switch (type) {
    case 'DRP':
    case 'SEL':
    case 'RDO':
      return form.options?.[type === 'DRP' ? 0 : 1]?.value ?? '';
    case 'NUM':
      return String(3 + index);
    case 'BCB':
      return index === 0 ? '1' : '0';
    case 'ONE':
      return index === 0 ? '1' : '0';
    case 'ITC':
      return '1';
    default:
      return index === 0 ? '+44 20 7946 0000' : '';
  }
}

/**
 * Selects the persons (by default every selectable one) and answers every question with
 * `defaultAnswer`; returns the form after the last question (pending payment or completed).
 */
export async function registerPersons(client: HttpClient, periodId: number, userKey: string, personIds?: number[]): Promise<FormDTO> {
  let form = await getForm(client, periodId, userKey);
  const selected = personIds ?? form.people.filter((p) => p.canSelect).map((p) => p.id);
  form = await nextOk(
    client,
    form,
    selected.map((id) => ({ id })),
  );
  while (form.processState === 'RUNNING') {
    const current = form;
    form = await nextOk(
      client,
      current,
      answersFor(current, (type, i) => defaultAnswer(current, type, i)),
    );
  }
  return form;
}

/** Follows the pay link through the built-in provider's checkout and returns the return-page query. */
export async function payThroughCheckout(client: HttpClient, paymentUrl: string, decision: 'pay' | 'fail' | 'cancel') {
  const pay = await client.get(paymentUrl);
  if (pay.status !== 302) throw new Error(`pay link: ${pay.status} ${pay.text}`);
  const checkoutUrl = new URL(String(pay.headers.location), new URL(paymentUrl, 'http://portal.invalid')).pathname;
  const page = await client.get(checkoutUrl);
  if (page.status !== 200) throw new Error(`checkout page: ${page.status}`);
  const decided = await client.post(checkoutUrl, {
    body: `decision=${decision}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (decided.status !== 303) throw new Error(`checkout decision: ${decided.status} ${decided.text}`);
  const returnUrl = new URL(String(decided.headers.location), 'http://portal.invalid');
  return { checkoutUrl, page, returnUrl };
}

/**
 * Waits until the order is paid. The built-in provider redirects the payer at once and delivers
 * its webhook in the background, so a test that skips the return page waits for the webhook.
 */
export async function untilOrderPaid(knex: Knex, reference: string, withinMs = 10_000): Promise<void> {
  await until(`order ${reference} paid`, () => knex('membership.orders').where({ reference, status: 'paid' }).first(), withinMs);
}
