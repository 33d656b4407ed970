/** A person's page in the admin portal: `/persons/<id>`. */
export const personPath = (personId: string): string => `/persons/${encodeURIComponent(personId)}`;

export function personIdOf(pathname: string): string | null {
  const match = /^\/persons\/(\d{1,10})\/?$/.exec(pathname);
  return match ? match[1]! : null;
}
