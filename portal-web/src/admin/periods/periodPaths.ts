/** A period's page in the admin portal: `/periods/<id>`. */
export const periodPath = (id: string): string => `/periods/${encodeURIComponent(id)}`;

export function periodIdOf(pathname: string): string | null {
  const match = /^\/periods\/(\d{1,10})\/?$/.exec(pathname);
  return match ? match[1]! : null;
}
