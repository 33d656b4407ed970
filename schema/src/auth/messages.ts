/**
 * The contract's authentication error texts ("Errors" table), in one place. The router and the
 * admin service both use these; tests assert them verbatim.
 */
export const AUTH_ERRORS = {
  invalidHash: { error: 'Invalid credentials', message: 'Hash validation failed' },
  tokenExpired: { error: 'Token expired', message: 'Please re-authenticate' },
  notAuthenticated: { error: 'Not authenticated', message: 'Session not found or expired' },
  noActiveSession: { error: 'Unauthorized', message: 'No active session' },
  invalidApiKey: { error: 'Unauthorized', message: 'Invalid API key' },
  userNotFound: { error: 'Not Found', message: 'User not found' },
  /** Any 4xx from the admin service during the exchange, as the gateway reports it. */
  exchangeRefused: { error: 'Unauthorized', message: 'Invalid credentials' },
} as const;

/**
 * Machine-readable reasons for a refused hand-off. They are recorded and returned by the admin
 * service to the gateway (for integrators), never shown to the browser.
 */
export const HANDOFF_REFUSAL_REASONS = [
  'bad_signature',
  'expired',
  'replayed',
  'unknown_user',
  'unknown_tenant',
  'malformed',
  'no_secret',
] as const;
export type HandoffRefusalReason = (typeof HANDOFF_REFUSAL_REASONS)[number];
