import { UpstreamError } from '@ems/schema';
import type { AdminServiceClient, MemberOidcSettings } from '../auth/adminClient';
import { BriefCache } from '../auth/briefCache';
import { RelyingParty, type OidcProviderSettings } from '../oidc/relyingParty';

/** How long the router keeps a tenant's member provider settings: a change shows within it. */
const CACHE_MS = 30_000;

export interface MemberProviderOptions {
  /** OIDC_SCOPES */
  scopes: string;
  /** OIDC_ALLOW_INSECURE_HTTP: the demo provider on the loopback only (production refuses it). */
  allowInsecureHttp: boolean;
}

/**
 * The member OpenID providers of the tenants this router serves (contract rule 12), as the
 * admin service (membership) configures them in its data: asked with the router's key and kept
 * briefly. Each tenant and portal address gets the admin portal's relying party
 * (openid-client: PKCE, state, nonce, the ID token's signature against the provider's JWKS), not
 * a second implementation.
 */
export class MemberProviders {
  private settings = new BriefCache<number, MemberOidcSettings | null>(CACHE_MS);
  private parties = new Map<string, RelyingParty>();

  constructor(
    private readonly admin: AdminServiceClient,
    private readonly options: MemberProviderOptions,
  ) {}

  /** The tenant's provider settings, or null when it has none. */
  async settingsOf(registrationSystemId: number): Promise<MemberOidcSettings | null> {
    return this.settings.get(registrationSystemId, async () => {
      const result = await this.admin.memberOidcSettings(registrationSystemId);
      if (!result.ok) throw new UpstreamError('Admin service unavailable', { code: 'ADMIN_SERVICE_UNAVAILABLE' });
      return result.value;
    });
  }

  /**
   * The relying party for a provider and this portal's callback address (the host the member
   * came to; the provider accepts only callbacks registered with it). A changed setting is a new
   * relying party, so a rotated secret takes effect with the settings cache.
   *
   * The key is the provider (issuer, client id, secret) and the callback, not the provider alone:
   * openid-client's discovered configuration depends on the provider only, but a RelyingParty
   * also carries its redirect URI (the authorization request's `redirect_uri`, the token
   * request's, the post-logout address), so two hosts of one provider are two relying parties.
   * Sharing one would cost a redirect URI passed on every call for one discovery request saved.
   */
  relyingParty(provider: OidcProviderSettings, callbackUrl: string): RelyingParty {
    const { issuerUrl, clientId, clientSecret } = provider;
    const key = JSON.stringify([issuerUrl, clientId, clientSecret, callbackUrl]);
    let party = this.parties.get(key);
    if (!party) {
      if (this.parties.size > 100) this.parties.clear();
      party = new RelyingParty({
        issuerUrl,
        clientId,
        clientSecret,
        redirectUrl: callbackUrl,
        postLogoutRedirectUrl: new URL('/', callbackUrl).href,
        scopes: this.options.scopes,
        allowInsecureHttp: this.options.allowInsecureHttp,
      });
      this.parties.set(key, party);
    }
    return party;
  }
}
