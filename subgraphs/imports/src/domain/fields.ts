/**
 * Field definitions: one per recognised column of an import type (contract "Field definition"):
 * name, aliases (matched case-insensitively), required, foreignKey (drives the cells stage), and
 * the mode flags selfOnly / externalOnly (a column only meaningful when the file is this system's
 * own export, or only when it comes from another system).
 */
export interface FieldDefinition {
  /** Stable field name, also the label's key. */
  name: string;
  label: string;
  aliases: readonly string[];
  required: boolean;
  /** The kind of record the values name; the cells stage resolves them once per distinct value. */
  foreignKey?: string;
  selfOnly?: boolean;
  externalOnly?: boolean;
}

/**
 * How a header cell is compared: case-insensitive, trimmed, inner whitespace, `_`, `-` and `.`
 * collapsed to one space, and diacritics folded ("Nachname", "nachname", "NACH-NAME" are alike).
 */
export function normaliseHeader(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_.-]+/g, ' ')
    .trim();
}

/** A field definition as GraphQL's ImportField shows it. */
export function importFieldView(f: FieldDefinition) {
  return { ...f, aliases: [...f.aliases], selfOnly: !!f.selfOnly, externalOnly: !!f.externalOnly, foreignKey: f.foreignKey ?? null };
}
