import { escapeControlCharacters } from '@ems/schema/rules';

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/**
 * A value as the readable format prints it. Every value is text someone else may have chosen (a
 * userKey, a URL), so control characters are written as escapes: a newline in a value cannot
 * start a forged line, and an ESC cannot drive the terminal.
 */
function show(value: unknown): string {
  return escapeControlCharacters(typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
}

/** One readable line per pino record (already redacted by the service that wrote it). */
export function formatLogLine(service: string, line: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return `[${service}] ${show(line)}`;
  }
  if (record === null || typeof record !== 'object') return `[${service}] ${show(line)}`;
  const level = LEVELS[Number(record.level)] ?? 'info';
  const req = record.req as { method?: string; url?: string } | undefined;
  const res = record.res as { statusCode?: number } | undefined;
  if (req && res) {
    return `[${service}] ${show(req.method)} ${show(req.url)} ${show(res.statusCode)} ${show(record.responseTime ?? '')}ms`;
  }
  const { level: _l, time: _t, pid: _p, hostname: _h, name: _n, msg, ...rest } = record;
  const extras = Object.entries(rest)
    .map(([k, v]) => `${show(k)}=${show(v)}`)
    .join(' ');
  return `[${service}] ${level === 'info' ? '' : `${level.toUpperCase()} `}${show(msg ?? '')}${extras ? ` ${extras}` : ''}`;
}
