/**
 * The admin portal's session, kept by its router (router/src/oidc): who is signed in and the
 * registration systems (tenants) to switch to. No token ever reaches this code.
 */
export type SignInProblem = 'failed' | 'cancelled' | 'expired' | 'not-operator' | 'unavailable' | 'too-many';

export interface AdminTenant {
  registrationSystemId: number;
  name: string;
  organisations: Array<{ id: number; name: string }>;
}

export type AdminSession =
  { signedIn: false } | { signedIn: true; name: string | null; email: string | null; registrationSystemId: number; tenants: AdminTenant[] };

const JSON_HEADERS = { accept: 'application/json', 'content-type': 'application/json' };

/** The sign-in starts with a full navigation: the browser goes to the identity provider and back. */
export const SIGN_IN_PATH = '/auth/oidc/login';

export async function loadSession(): Promise<AdminSession> {
  const res = await fetch('/auth/session', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`session: ${res.status}`);
  return (await res.json()) as AdminSession;
}

/** The tenant switch: the router makes a new exchange, and the session then holds only that tenant's rights. */
export async function switchTenant(registrationSystemId: number): Promise<AdminSession> {
  const res = await fetch('/auth/tenant', {
    method: 'POST',
    credentials: 'same-origin',
    headers: JSON_HEADERS,
    body: JSON.stringify({ registrationSystemId }),
  });
  if (!res.ok) throw new Error(`tenant switch: ${res.status}`);
  return (await res.json()) as AdminSession;
}

/** Ends the router's session; the answer says where to end the identity provider's (RP-initiated logout). */
export async function logout(): Promise<string> {
  const res = await fetch('/auth/logout', { method: 'POST', credentials: 'same-origin', headers: JSON_HEADERS });
  const body = (await res.json().catch(() => ({}))) as { endSessionUrl?: string | null };
  return body.endSessionUrl ?? '/';
}

/** The problem the router reported after a failed sign-in (`/?signIn=...`), if any. */
export function signInProblem(search: string): SignInProblem | null {
  const value = new URLSearchParams(search).get('signIn');
  const known: SignInProblem[] = ['failed', 'cancelled', 'expired', 'not-operator', 'unavailable', 'too-many'];
  return known.find((p) => p === value) ?? null;
}
