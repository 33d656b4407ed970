import * as client from 'openid-client';
import type { OperatorIdTokenClaims } from '@ems/schema';
import type { Request } from 'express';
import type { RouterEnv } from '../env';

/** An OpenID provider and this router's client registered with it: what the operator and member settings share. */
export interface OidcProviderSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

/** The admin portal's OpenID provider, from the router's environment (README, "Configuring an OpenID provider"). */
export interface OidcSettings extends OidcProviderSettings {
  /** This router's `/auth/oidc/callback` as the browser reaches it (registered at the provider). */
  redirectUrl: string;
  postLogoutRedirectUrl: string;
  scopes: string;
  /** Plain HTTP to the provider: the demo one on the loopback only (production refuses it). */
  allowInsecureHttp: boolean;
}

/** The settings of an admin portal's router (env.ts refuses PORTAL=admin without them). */
export function oidcSettingsOf(env: RouterEnv): OidcSettings {
  const { OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URL } = env;
  if (!OIDC_ISSUER_URL || !OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET || !OIDC_REDIRECT_URL)
    throw new Error('PORTAL=admin needs OIDC_* settings');
  return {
    issuerUrl: OIDC_ISSUER_URL,
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
    redirectUrl: OIDC_REDIRECT_URL,
    postLogoutRedirectUrl: env.OIDC_POST_LOGOUT_REDIRECT_URL ?? new URL('/', OIDC_REDIRECT_URL).href,
    scopes: env.OIDC_SCOPES,
    allowInsecureHttp: env.OIDC_ALLOW_INSECURE_HTTP,
  };
}

/** What a sign-in keeps between the redirect and the callback (single use; pendingSignIn.ts). */
export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
}

export type ValidatedClaims = OperatorIdTokenClaims & { name?: string };

/**
 * The router as an OpenID Connect relying party (openid-client): the authorization code flow
 * with PKCE, state and nonce. openid-client validates the authorization response (state, `iss`)
 * and the ID token (issuer, audience, nonce, expiry and issue time); its signature against the
 * provider's JWKS only with enableNonRepudiationChecks, which is on: by default openid-client
 * trusts an ID token from the token endpoint on the strength of TLS alone (OIDC Core 3.1.3.7),
 * and the tests showed a tampered token accepted without it. The router passes on only claims
 * that passed. The provider's metadata is
 * discovered on first use and kept; a failed discovery is tried again on the next sign-in.
 */
export class RelyingParty {
  private config: Promise<client.Configuration> | null = null;

  constructor(private readonly settings: OidcSettings) {}

  private configuration(): Promise<client.Configuration> {
    this.config ??= client
      .discovery(
        new URL(this.settings.issuerUrl),
        this.settings.clientId,
        undefined,
        client.ClientSecretBasic(this.settings.clientSecret),
        {
          execute: [client.enableNonRepudiationChecks, ...(this.settings.allowInsecureHttp ? [client.allowInsecureRequests] : [])],
          timeout: 10,
        },
      )
      .catch((err: unknown) => {
        this.config = null;
        throw err;
      });
    return this.config;
  }

  /** Where to send the browser, and what to keep until it comes back. */
  async startSignIn(returnTo: string): Promise<{ url: string; pending: PendingSignIn }> {
    const config = await this.configuration();
    const pending = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
      returnTo,
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUrl,
      scope: this.settings.scopes,
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, pending };
  }

  /**
   * The callback: `query` is the callback's query string. Throws when anything does not check
   * out (a provider's error answer, state, issuer, audience, signature, nonce, expiry).
   */
  async finishSignIn(query: string, pending: PendingSignIn): Promise<ValidatedClaims> {
    const config = await this.configuration();
    const callback = new URL(this.settings.redirectUrl);
    callback.search = query;
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('the provider returned no ID token');
    return {
      iss: claims.iss,
      sub: claims.sub,
      ...(typeof claims.email === 'string' ? { email: claims.email } : {}),
      ...(typeof claims.email_verified === 'boolean' ? { email_verified: claims.email_verified } : {}),
      ...(typeof claims.name === 'string' ? { name: claims.name } : {}),
    };
  }

  /**
   * RP-initiated logout: the provider's end-session URL (null when it offers none). It names the
   * client rather than carrying the ID token as a hint, so no token passes through the browser.
   */
  async endSessionUrl(): Promise<string | null> {
    const config = await this.configuration().catch(() => null);
    if (!config?.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(config, {
      client_id: this.settings.clientId,
      post_logout_redirect_uri: this.settings.postLogoutRedirectUrl,
    }).href;
  }
}

/** The callback request's query string, exactly as the provider sent it (`finishSignIn` checks it). */
export function callbackQuery(req: Request): string {
  const at = req.originalUrl.indexOf('?');
  return at < 0 ? '' : req.originalUrl.slice(at);
}

/** A provider's error answer at the callback: the person said no, or something else went wrong. */
export function providerRefusal(error: string): 'cancelled' | 'failed' {
  return error === 'access_denied' ? 'cancelled' : 'failed';
}
