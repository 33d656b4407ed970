import { readTokenExpiry, type TokenResponse } from '@ems/schema';

export interface ExternalLoginInput {
  registrationSystemId: number;
  userKey: string;
  userHash: string;
  timestamp?: string;
  nonce?: string;
}

/** The admin service's answer: a token, or its refusal (status and body) for the caller to map. */
export type AdminResult<T> =
  { ok: true; value: T } | { ok: false; status: number; body: { error?: string; message?: string; reason?: string } };

/**
 * The gateway's client of the admin service. The API key is injected once, here, at
 * construction (contract rule 7); no method takes it as a parameter.
 */
export class AdminServiceClient {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  /** Step (2): exchange the link credentials for a token with the gateway's own key. */
  async externalLogin(
    input: ExternalLoginInput,
    clientAddress: string | undefined,
  ): Promise<AdminResult<{ token: string; expiresAt: number }>> {
    const result = await this.post<{ token: string }>('/auth/external-login', input, {
      'x-api-key': this.apiKey,
      ...(clientAddress ? { 'x-forwarded-for': clientAddress } : {}),
    });
    if (!result.ok) return result;
    const expiry = readTokenExpiry(result.value.token);
    if (!expiry) return { ok: false, status: 502, body: { message: 'Admin service returned an unreadable token' } };
    return { ok: true, value: { token: result.value.token, expiresAt: expiry.getTime() } };
  }

  async refresh(token: string): Promise<AdminResult<TokenResponse>> {
    return this.post<TokenResponse>('/api/auth/refresh', undefined, { 'x-api-key': this.apiKey, authorization: `Bearer ${token}` });
  }

  private async post<T>(path: string, body: unknown, headers: Record<string, string>): Promise<AdminResult<T>> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }), accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) return { ok: false, status: res.status, body: json as AdminResult<T> extends { body: infer B } ? B : never };
    return { ok: true, value: json as T };
  }
}
