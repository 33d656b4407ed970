/**
 * A WHERE clause built from optional filters, each a SQL fragment with its `?` bindings, for the
 * operators' searches (raw SQL: they join several tables and bind arrays).
 */
export class WhereClauses {
  private readonly parts: string[] = [];
  readonly bindings: unknown[] = [];

  add(sql: string, ...bindings: unknown[]): this {
    this.parts.push(sql);
    this.bindings.push(...bindings);
    return this;
  }

  get sql(): string {
    return this.parts.length === 0 ? 'TRUE' : this.parts.join(' AND ');
  }
}

/** An ILIKE pattern for text contained anywhere: `%`, `_` and `\` mean themselves. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
