import 'express-session';

/** What the gateway keeps in the server-side session after a sign-in. Never sent to the browser. */
export interface SessionAuth {
  token: string;
  /** Expiry of `token`, ms since the epoch. */
  expiresAt: number;
  accountId: number;
  userKey: string;
  registrationSystemId: number;
}

declare module 'express-session' {
  interface SessionData {
    auth?: SessionAuth;
  }
}
