/**
 * A list's filter kept in the address (`/members?text=…&status=…`), so another screen can link to a
 * filtered list and a reload or bookmark keeps it: each field trimmed, empty ones left out.
 */
export type AddressFilterValues<Field extends string> = Partial<Record<Field, string>>;

export function addressFilterOf<Field extends string>(search: string, fields: readonly Field[]): AddressFilterValues<Field> {
  const params = new URLSearchParams(search);
  const values: AddressFilterValues<Field> = {};
  for (const field of fields) {
    const value = params.get(field)?.trim();
    if (value) values[field] = value;
  }
  return values;
}

/** The list's address with the filter, its fields in the order given. */
export function addressFilterPath<Field extends string>(
  path: string,
  fields: readonly Field[],
  values: AddressFilterValues<Field>,
): string {
  const params = new URLSearchParams();
  for (const field of fields) {
    const value = values[field]?.trim();
    if (value) params.set(field, value);
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
