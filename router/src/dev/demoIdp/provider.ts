import { timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type ClientMetadata, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * The demo OpenID provider: a real one (`oidc-provider`, certified), standing in for an
 * organisation's identity provider the way the demo club website stands in for a customer
 * website. The admin portal's router signs operators in here with the authorization code flow and
 * PKCE; `npm start` and the tests run it, never a mock. Its pages load nothing from elsewhere.
 */
export interface DemoIdpAccount {
  sub: string;
  username: string;
  name: string;
  email: string;
}

export interface DemoIdpOptions {
  issuer: string;
  port: number;
  host: string;
  /** The admin portal's router. */
  client: { id: string; secret: string; redirectUris: string[]; postLogoutRedirectUris: string[] };
  /** The member portal's router, signing in the members of the tenant that has the demo provider as its own (rule 12). */
  memberClient?: { id: string; secret: string; redirectUris: string[] };
  accounts: readonly DemoIdpAccount[];
  /** Every demo account's password. */
  password: string;
  cookieKey: string;
}

const PAGE_STYLE =
  'body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:26rem;padding:0 1rem;color:#1a1a1a}label{display:block;margin-top:1rem}input{display:block;width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}button{margin-top:1.25rem;padding:.6rem 1rem;font-size:1rem}p.error{color:#a30000}';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>${escapeHtml(title)} · Demo identity provider</title><style>${PAGE_STYLE}</style></head>
<body><main><p>Demo identity provider</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

function loginForm(uid: string, clientName: string, error?: string): string {
  return page(
    'Sign in',
    `<p>to continue to ${escapeHtml(clientName)}</p>${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}">
<label for="username">Username</label><input id="username" name="username" autocomplete="username" required autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form>`,
  );
}

function samePassword(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function providerConfiguration(o: DemoIdpOptions, signingKey: Record<string, unknown>): Configuration {
  const bySub = new Map(o.accounts.map((a) => [a.sub, a]));
  return {
    clients: [
      {
        client_id: o.client.id,
        client_secret: o.client.secret,
        client_name: 'the admin portal',
        redirect_uris: o.client.redirectUris,
        post_logout_redirect_uris: o.client.postLogoutRedirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
      ...(o.memberClient
        ? [
            {
              client_id: o.memberClient.id,
              client_secret: o.memberClient.secret,
              client_name: 'the member portal',
              redirect_uris: o.memberClient.redirectUris,
              grant_types: ['authorization_code'],
              response_types: ['code' as const],
              token_endpoint_auth_method: 'client_secret_basic',
            } satisfies ClientMetadata,
          ]
        : []),
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [o.cookieKey] },
    // The e-mail claims go into the ID token itself: the router exchanges only validated ID token claims.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, sub) => {
      const account = bySub.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, name: account.name, email: account.email, email_verified: true }),
      };
    },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: KoaContextWithOIDC, form: string) => {
          ctx.body = page(
            'Sign out',
            `${form}<p>Sign out of the demo identity provider as well?</p>
<button type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>
<button type="submit" form="op.logoutForm">No, stay signed in</button>`,
          );
        },
        postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => {
          ctx.body = page('Signed out', '<p>You are signed out of the demo identity provider.</p>');
        },
      },
    },
    // Both portals are the provider's own first-party clients: no consent screen.
    loadExistingGrant: async (ctx) => {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const existing = session.grantIdFor(client.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page('Sign-in failed', `<p role="alert">${escapeHtml(String(out.error_description ?? out.error))}</p>`);
    },
  };
}

/** Starts the provider on `host:port`: discovery, JWKS, authorize, token, end session and the sign-in pages. */
export async function startDemoIdp(o: DemoIdpOptions): Promise<{ url: string; stop(): Promise<void> }> {
  // A fresh signing key each start: ID tokens of an earlier run are worthless, as they should be.
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: `demo-${Date.now()}`, use: 'sig', alg: 'RS256' };
  const provider = new Provider(o.issuer, providerConfiguration(o, signingKey));
  const byUsername = new Map(o.accounts.map((a) => [a.username, a]));
  const clientName = (clientId: unknown) => (o.memberClient && clientId === o.memberClient.id ? 'the member portal' : 'the admin portal');

  const app = express();
  app.disable('x-powered-by');
  app.get('/actuator/health', (_req, res) => {
    res.json({ status: 'UP' });
  });
  app.use('/interaction', (_req, res, next) => {
    res.setHeader('cache-control', 'no-store');
    res.setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'");
    next();
  });
  app.get('/interaction/:uid', async (req: Request, res: Response, next: NextFunction) => {
    try {
      const details = await provider.interactionDetails(req, res);
      res.type('html').send(loginForm(details.uid, clientName(details.params.client_id)));
    } catch (err) {
      next(err);
    }
  });
  app.post(
    '/interaction/:uid',
    express.urlencoded({ extended: false, limit: '4kb' }),
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        const details = await provider.interactionDetails(req, res);
        const { username, password } = req.body as { username?: string; password?: string };
        const account = byUsername.get(
          String(username ?? '')
            .trim()
            .toLowerCase(),
        );
        if (!account || !samePassword(String(password ?? ''), o.password)) {
          res
            .status(401)
            .type('html')
            .send(loginForm(details.uid, clientName(details.params.client_id), 'Unknown username or wrong password.'));
          return;
        }
        await provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
      } catch (err) {
        next(err);
      }
    },
  );
  app.use(provider.callback());

  return new Promise((resolve, reject) => {
    const server: Server = app.listen(o.port, o.host, () => {
      resolve({ url: o.issuer, stop: () => new Promise<void>((r) => server.close(() => r())) });
    });
    server.once('error', reject);
  });
}
