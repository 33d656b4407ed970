/** Ending every session of one account lives in @ems/db, shared with the admin portal's button (membership). */
export { deleteSessionsOfAccount } from '@ems/db';
