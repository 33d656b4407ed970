import { signIn, signInOutcome } from './auth';

function response(status: number): Response {
  return { status } as Response;
}

describe('sign-in through the gateway (the secret never reaches the browser)', () => {
  it('posts the link parameters as JSON to /api/auth/external-login', async () => {
    const fetcher = jest.fn().mockResolvedValue(response(200));
    await expect(signIn({ userKey: 'u1', userHash: 'h1', timestamp: '1', nonce: 'n1' }, fetcher)).resolves.toBe('ok');
    expect(fetcher).toHaveBeenCalledWith(
      '/api/auth/external-login',
      expect.objectContaining({
        method: 'POST',
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
        body: JSON.stringify({ userKey: 'u1', userHash: 'h1', timestamp: '1', nonce: 'n1' }),
      }),
    );
  });

  it('sends one request for the same link even when asked twice (single-use nonce)', async () => {
    const fetcher = jest.fn().mockResolvedValue(response(200));
    const creds = { userKey: 'u2', userHash: 'h2' };
    const [a, b] = await Promise.all([signIn(creds, fetcher), signIn(creds, fetcher)]);
    expect([a, b]).toEqual(['ok', 'ok']);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('4xx is a refused link; 5xx and network failures may be retried', async () => {
    expect(signInOutcome(401)).toBe('refused');
    expect(signInOutcome(400)).toBe('refused');
    expect(signInOutcome(502)).toBe('unavailable');
    const failing = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const creds = { userKey: 'u3', userHash: 'h3' };
    await expect(signIn(creds, failing)).resolves.toBe('unavailable');
    await new Promise((r) => setTimeout(r, 0));
    const working = jest.fn().mockResolvedValue(response(200));
    await expect(signIn(creds, working)).resolves.toBe('ok');
    expect(working).toHaveBeenCalledTimes(1);
  });
});
