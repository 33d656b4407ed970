/** Where the embedded PostgreSQL listens when no DATABASE_URL is configured. */
export const DEFAULT_EMBEDDED_PG_PORT = 54329;

export function embeddedDatabaseUrl(port: number = DEFAULT_EMBEDDED_PG_PORT, database = 'ems'): string {
  return `postgres://postgres:postgres@127.0.0.1:${port}/${database}`;
}
