import { browser, signedInBrowser, signMd5Link } from '../support/demo';
import { e2eContext } from '../support/stackContext';
import { rawExchange } from '../support/rawHttp';

/**
 * Issue 17 "Hardening", through the real processes: text with control characters is bad input
 * (defect 2: a NUL byte reached PostgreSQL and came back as 500, 502 or INTERNAL_SERVER_ERROR),
 * and a malformed or oversized request is answered in the contract's JSON error shape (defect 4:
 * a 100 kB query string got a bare 431 or a reset connection).
 */
const ctx = e2eContext();
const WITH_NUL = 'anna\u0000.berg';

function expectInvalidCharacters(res: { status: number; json<T>(): T }, field: string): void {
  expect(res.status).toBe(400);
  expect(res.json()).toEqual({
    error: 'Bad Request',
    message: expect.stringContaining(field),
    code: 'INVALID_CHARACTERS',
    details: { fields: [{ field, message: expect.any(String) }] },
  });
}

describe('control characters in any text are refused as bad input (issue 17, defect 2: NUL bytes)', () => {
  it('sign-in through the router, POST and GET: 400 INVALID_CHARACTERS naming userKey (was 502)', async () => {
    const link = signMd5Link(ctx.secrets.customerSecret, WITH_NUL);
    const post = await browser().post('/api/auth/external-login', { json: { userKey: link.u, userHash: link.h } });
    expectInvalidCharacters(post, 'userKey');
    const get = await browser().get(`/api/auth/external-login?userKey=${encodeURIComponent(link.u)}&userHash=${link.h}`);
    expectInvalidCharacters(get, 'userKey');
  });

  it('the form endpoints through the router: 400 naming the field (was 500)', async () => {
    const anna = await signedInBrowser('anna.berg');
    const next = await anna.post('/api/forms/next', { json: { processId: 'p\u0000', step: 1, people: [] } });
    expectInvalidCharacters(next, 'processId');
    const answer = await anna.post('/api/forms/next', { json: { processId: 'p', step: 2, people: [{ id: 1, answer: 'a\u0000' }] } });
    expectInvalidCharacters(answer, 'people.0.answer');
    const form = await anna.get(`/api/forms/membership/1?userKey=${encodeURIComponent(WITH_NUL)}`);
    expectInvalidCharacters(form, 'userKey');
    const path = await anna.post('/api/forms/processes/a%00b/back', { json: {} });
    expect(path.status).toBe(400);
    expect(path.json()).toMatchObject({ code: 'INVALID_CHARACTERS' });
  });

  it('a subgraph’s own REST stack, called directly: 400 (the admin service’s exchange)', async () => {
    const res = await fetch(`${ctx.urls.membership}/api/auth/exchange`, {
      method: 'POST',
      headers: { authorization: `ApiKey ${ctx.secrets.portalApiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userKey: WITH_NUL }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: 'Bad Request',
      code: 'INVALID_CHARACTERS',
      message: expect.stringContaining('userKey'),
    });
  });

  it('a subgraph’s own /graphql, called directly: BAD_USER_INPUT with the reason', async () => {
    const res = await fetch(`${ctx.urls.membership}/graphql`, {
      method: 'POST',
      headers: { 'x-api-key': ctx.secrets.portalApiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'query R($r: String!) { paymentReturn(reference: $r) { __typename } }',
        variables: { r: 'ORD\u0000' },
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      errors: [{ message: expect.stringContaining('$r'), extensions: { code: 'BAD_USER_INPUT', reason: 'INVALID_CHARACTERS' } }],
    });
  });

  it('GraphQL paymentReturn, in variables and inline: BAD_USER_INPUT (was INTERNAL_SERVER_ERROR)', async () => {
    const anna = await signedInBrowser('anna.berg');
    const byVariables = await anna.graphql(
      'query R($reference: String!, $transactionId: String) { paymentReturn(reference: $reference, transactionId: $transactionId) { __typename } }',
      { reference: 'ORD-2026-000001', transactionId: 'tx\u0000' },
    );
    expect(byVariables.body.data).toBeUndefined();
    expect(byVariables.body.errors).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('transactionId'),
        extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }),
      }),
    ]);
    const inline = await anna.graphql('{ paymentReturn(reference: "ORD\\u0000") { __typename } }');
    expect(inline.body.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) })]);
    for (const res of [byVariables, inline]) expect(res.status).toBe(400);
  });
});

describe('malformed and oversized requests get the JSON error shape (issue 17, defect 4)', () => {
  for (const service of ['router', 'membership', 'forms', 'imports'] as const) {
    it(`${service}: a 100 kB query string is 431 JSON, a malformed request 400 JSON, and the service stays up`, async () => {
      const port = ctx.ports[service];
      const long = await rawExchange(port, `GET /api/forms/membership/1?pad=${'x'.repeat(100_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      expect(long.status).toBe(431);
      expect(long.headers).toMatch(/content-type: application\/json/i);
      expect(long.headers).toMatch(/connection: close/i);
      expect(JSON.parse(long.body)).toEqual({
        error: 'Request Header Fields Too Large',
        message: expect.any(String),
        code: 'HEADERS_TOO_LARGE',
      });

      const malformed = await rawExchange(port, 'GET / HTTP/1.1\r\nHost: localhost\r\nthis is no header\r\n\r\n');
      expect(malformed.status).toBe(400);
      expect(JSON.parse(malformed.body)).toEqual({ error: 'Bad Request', message: expect.any(String), code: 'MALFORMED_REQUEST' });

      const health = await fetch(`${ctx.urls[service]}${service === 'router' ? '/healthz' : '/actuator/health'}`);
      expect(health.status).toBe(200);
    });
  }
});
