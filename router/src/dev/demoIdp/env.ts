import { z } from 'zod';
import { parseEnv, port } from '@ems/service-runtime';

const list = z.string().transform((s) =>
  s
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean),
);

const schema = z
  .object({
    NODE_ENV: z.string().optional(),
    HOST: z.string().default('127.0.0.1'),
    DEMO_IDP_PORT: port(4011),
    /** The issuer the admin router is configured with (OIDC_ISSUER_URL there). */
    DEMO_IDP_ISSUER: z.string().url().optional(),
    DEMO_IDP_CLIENT_ID: z.string().min(1).default('admin-portal'),
    DEMO_IDP_CLIENT_SECRET: z.string().min(16),
    DEMO_IDP_REDIRECT_URIS: list,
    DEMO_IDP_POST_LOGOUT_REDIRECT_URIS: list,
    /** The member portal's router as a second client (rule 12); no secret: no member client. */
    DEMO_IDP_MEMBER_CLIENT_ID: z.string().min(1).default('member-portal'),
    DEMO_IDP_MEMBER_CLIENT_SECRET: z.string().min(16).optional(),
    DEMO_IDP_MEMBER_REDIRECT_URIS: list.default([]),
    DEMO_IDP_PASSWORD: z.string().min(8),
    DEMO_IDP_COOKIE_KEY: z.string().min(32),
  })
  .refine((env) => env.NODE_ENV !== 'production', {
    path: ['NODE_ENV'],
    message: 'the demo identity provider is a development stand-in: configure a real OpenID provider in production',
  });

/** The demo OpenID provider's own configuration (set by the launcher, router/src/dev/stack.ts). */
export function loadDemoIdpEnv(source: NodeJS.ProcessEnv = process.env) {
  return parseEnv(schema, source, 'demo-idp');
}
