import {
  readTokenExpiry,
  type OperatorExchangeRequest,
  type OperatorExchangeResponse,
  type TenantPublicIdentity,
  type TokenResponse,
} from '@ems/schema';
import type { OidcProviderSettings } from '../oidc/relyingParty';

export interface ExternalLoginInput {
  registrationSystemId: number;
  userKey: string;
  userHash: string;
  timestamp?: string;
  nonce?: string;
}

/** The registration portal's exchange body (membership's `/auth/token-exchange/oauth2`, rule 12). */
export interface MemberExchangeRequest {
  registrationSystemId: number;
  claims: { iss: string; sub: string; email?: string; email_verified?: boolean };
  anonymousSessionId?: string;
}

/** A tenant's member OpenID provider as membership tells this router. The secret stays in this process. */
export interface MemberOidcSettings extends OidcProviderSettings {
  displayName: string;
  anonymousAllowed: boolean;
}

/** The admin service's answer: a value, or its refusal (status and body) for the caller to map. */
export type AdminResult<T> =
  { ok: true; value: T } | { ok: false; status: number; body: { error?: string; message?: string; reason?: string } };

/**
 * The gateway's client of the admin service (membership). The API key is injected once, here,
 * at construction (contract rule 7); no method takes it as a parameter.
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
    return this.withExpiry(
      await this.call<{ token: string }>('POST', '/auth/external-login', input, {
        ...(clientAddress ? { 'x-forwarded-for': clientAddress } : {}),
      }),
    );
  }

  async refresh(token: string): Promise<AdminResult<TokenResponse>> {
    return this.call<TokenResponse>('POST', '/api/auth/refresh', undefined, { authorization: `Bearer ${token}` });
  }

  /** A partner's key for a short-lived partner token; the router's own key says who asks. */
  async partnerToken(partnerKey: string): Promise<AdminResult<TokenResponse>> {
    return this.call<TokenResponse>('POST', '/auth/partner-token', undefined, { authorization: `ApiKey ${partnerKey}` });
  }

  /**
   * The admin portal's sign-in and tenant switch (contract rule 11): the ID token claims the
   * router validated, for an operator's token of one registration system.
   */
  async operatorExchange(request: OperatorExchangeRequest): Promise<AdminResult<OperatorExchangeResponse>> {
    return this.call<OperatorExchangeResponse>('POST', '/auth/token-exchange/oauth2', request);
  }

  /**
   * The member portal's OpenID sign-in (contract rule 12): the claims the router validated
   * against the tenant's member provider, and the session's anonymous registration to keep.
   */
  async memberExchange(request: MemberExchangeRequest): Promise<AdminResult<{ token: string; expiresAt: number }>> {
    return this.withExpiry(await this.call<{ token: string }>('POST', '/auth/token-exchange/oauth2', request));
  }

  /** An anonymous registration (contract rule 12) on a tenant with member OpenID Connect. */
  async registerSession(registrationSystemId: number): Promise<AdminResult<{ token: string; expiresAt: number; sessionId: string }>> {
    return this.withExpiry(
      await this.call<{ token: string; sessionId: string }>('POST', '/auth/register-session', { registrationSystemId }),
    );
  }

  /** The tenant's member OpenID provider, secret included (this router's key only); null: none (204). */
  async memberOidcSettings(registrationSystemId: number): Promise<AdminResult<MemberOidcSettings | null>> {
    const result = await this.call<Partial<MemberOidcSettings>>('GET', `/auth/tenants/${registrationSystemId}/member-oidc`);
    if (!result.ok) return result;
    return { ok: true, value: result.value.issuerUrl ? (result.value as MemberOidcSettings) : null };
  }

  /** What anyone may know of a registration system (issue 23), and of the period asked about when it is the tenant's. */
  async publicIdentity(registrationSystemId: number, periodId: number | undefined): Promise<AdminResult<TenantPublicIdentity>> {
    const query = periodId === undefined ? '' : `?periodId=${periodId}`;
    return this.call('GET', `/auth/tenants/${registrationSystemId}/public-identity${query}`);
  }

  /** Step (1): the registration system a host name serves. */
  async tenantForHost(host: string): Promise<AdminResult<{ registrationSystemId: number }>> {
    return this.call('GET', `/auth/tenants/by-host/${encodeURIComponent(host)}`);
  }

  /** The account behind a user key, for ending its sessions. */
  async accountOf(registrationSystemId: number, userKey: string): Promise<AdminResult<{ accountId: number }>> {
    const query = new URLSearchParams({ registrationSystemId: String(registrationSystemId), userKey });
    return this.call('GET', `/auth/accounts/by-user-key?${query}`);
  }

  /** A token answer with its expiry read from the token (an unreadable one is the admin service's fault). */
  private withExpiry<T extends { token: string }>(result: AdminResult<T>): AdminResult<T & { expiresAt: number }> {
    if (!result.ok) return result;
    const expiry = readTokenExpiry(result.value.token);
    if (!expiry) return { ok: false, status: 502, body: { message: 'Admin service returned an unreadable token' } };
    return { ok: true, value: { ...result.value, expiresAt: expiry.getTime() } };
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<AdminResult<T>> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          ...headers,
          'x-api-key': this.apiKey,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          accept: 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      // Unreachable or too slow: the callers answer as for any 5xx of the admin service.
      return { ok: false, status: 503, body: { message: 'Admin service unreachable' } };
    }
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) return { ok: false, status: res.status, body: json as AdminResult<T> extends { body: infer B } ? B : never };
    return { ok: true, value: json as T };
  }
}
