/**
 * The demo OpenID provider as a process of its own (`npm start` and the e2e stack start it; see
 * provider.ts). A development stand-in: it refuses to run in production.
 */
import { DEMO_IDP_ACCOUNTS } from '@ems/membership/demo';
import { runUntilSignalled } from '@ems/service-runtime';
import { loadDemoIdpEnv } from './env';
import { startDemoIdp } from './provider';

runUntilSignalled('demo-idp', async () => {
  const env = loadDemoIdpEnv();
  return startDemoIdp({
    issuer: env.DEMO_IDP_ISSUER ?? `http://127.0.0.1:${env.DEMO_IDP_PORT}`,
    port: env.DEMO_IDP_PORT,
    host: env.HOST,
    client: {
      id: env.DEMO_IDP_CLIENT_ID,
      secret: env.DEMO_IDP_CLIENT_SECRET,
      redirectUris: env.DEMO_IDP_REDIRECT_URIS,
      postLogoutRedirectUris: env.DEMO_IDP_POST_LOGOUT_REDIRECT_URIS,
    },
    ...(env.DEMO_IDP_MEMBER_CLIENT_SECRET
      ? {
          memberClient: {
            id: env.DEMO_IDP_MEMBER_CLIENT_ID,
            secret: env.DEMO_IDP_MEMBER_CLIENT_SECRET,
            redirectUris: env.DEMO_IDP_MEMBER_REDIRECT_URIS,
          },
        }
      : {}),
    accounts: DEMO_IDP_ACCOUNTS,
    password: env.DEMO_IDP_PASSWORD,
    cookieKey: env.DEMO_IDP_COOKIE_KEY,
  });
});
