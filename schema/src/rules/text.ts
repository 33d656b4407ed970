/**
 * The one rule for text that comes in from outside (issue 17 "Hardening"): any string a client
 * sends, wherever it ends up, may hold printable characters, TAB, LF and CR, and nothing else of
 * the control ranges. PostgreSQL refuses NUL in `text` and cannot store a lone UTF-16 surrogate
 * as UTF-8; the other control characters are refused so that no stored value can later rewrite
 * a terminal, a log line or a CSV cell. The runtime applies the rule where input enters (REST
 * bodies, queries and paths; GraphQL variables and literals); nothing downstream re-checks.
 *
 * Decisions the contract leaves open (docs/decisions.md):
 * - Refused: C0 except TAB, LF, CR (U+0000-U+0008, U+000B, U+000C, U+000E-U+001F); DEL (U+007F);
 *   C1 (U+0080-U+009F: never typed, and U+009B is a terminal's CSI); lone surrogates (Node would
 *   silently store U+FFFD instead).
 * - Allowed: everything else, including U+2028/U+2029, zero-width and bidirectional marks. They
 *   are valid text in names and addresses; output escapes what it must.
 * - Object keys are text too and follow the same rule.
 */

/**
 * One refused character. With the `u` flag a well-formed surrogate pair is one code point above
 * U+FFFF, so `[\uD800-\uDFFF]` matches only lone halves.
 */
// eslint-disable-next-line no-control-regex
const REFUSED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]/u;

export const INVALID_CHARACTERS_CODE = 'INVALID_CHARACTERS';

export const INVALID_CHARACTERS_MESSAGE = 'contains control characters, which are not accepted';

/** Whether a string passes the text rule. */
export function isAcceptedText(value: string): boolean {
  return !REFUSED.test(value);
}

export interface RefusedText {
  /** Dot-separated path to the refused string ('people.0.answer'); a refused key names itself. */
  field: string;
}

/**
 * The first string in a JSON-like value (strings, arrays, plain objects, their keys) that fails
 * the rule, or null. Walks with its own stack, so a deeply nested body cannot overflow the call
 * stack. `root` names the value itself when it is a string.
 */
export function findRefusedText(value: unknown, root = ''): RefusedText | null {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (!isAcceptedText(current)) return { field: path };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push([current[i], join(path, String(i))]);
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      const entries = Object.entries(current as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i]!;
        if (!isAcceptedText(key)) return { field: join(path, escapeControlCharacters(key)) };
        stack.push([child, join(path, key)]);
      }
    }
  }
  return null;
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

// eslint-disable-next-line no-control-regex
const ESCAPED = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\uD800-\uDFFF]/gu;

/**
 * A string with every control character (all of C0, DEL, C1; also the line and paragraph
 * separators and lone surrogates) written as a visible escape: `\n`, `\r`, `\t`, `\u001b`. For
 * output that must stay one line and must not drive a terminal: readable logs, echoed field names.
 */
export function escapeControlCharacters(value: string): string {
  return value.replace(ESCAPED, (c) => {
    switch (c) {
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      default:
        return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
    }
  });
}
