const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/** One readable line per pino record (already redacted by the service that wrote it). */
export function formatLogLine(service: string, line: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return `[${service}] ${line}`;
  }
  const level = LEVELS[Number(record.level)] ?? 'info';
  const req = record.req as { method?: string; url?: string } | undefined;
  const res = record.res as { statusCode?: number } | undefined;
  if (req && res) return `[${service}] ${req.method} ${req.url} ${res.statusCode} ${String(record.responseTime ?? '')}ms`;
  const { level: _l, time: _t, pid: _p, hostname: _h, name: _n, msg, ...rest } = record;
  const extras = Object.entries(rest)
    .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(' ');
  return `[${service}] ${level === 'info' ? '' : `${level.toUpperCase()} `}${String(msg ?? '')}${extras ? ` ${extras}` : ''}`;
}
