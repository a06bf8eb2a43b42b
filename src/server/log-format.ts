/**
 * The development log as a person reads it (NODE_ENV not production, written to a terminal): one short line per
 * entry instead of pino's JSON. Request lines are shortened and dimmed, and a served asset that went well is left
 * out; a mail kept in the dev mailbox names its recipient and its links, each on a line of its own, so the
 * verification link is one click away. Production, and any log written to a file or a pipe, keeps JSON.
 */
const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const COLORS: Record<number, string> = { 10: '90', 20: '90', 30: '32', 40: '33', 50: '31', 60: '35' };
/** Fields every line has, or that the line shows in its own way. */
const SHOWN = new Set(['level', 'time', 'msg', 'service', 'pid', 'hostname', 'err']);
/** Files the browser fetches beside a page: a successful one says nothing a developer needs. */
const ASSET = /^\/(?:_astro\/|favicon)|\.(?:css|js|mjs|map|png|jpe?g|webp|avif|svg|ico|woff2?)$/;

type Entry = Record<string, unknown> & { level?: number; time?: number; msg?: string };

const paint = (color: boolean, code: string, text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
const clock = (time: unknown) => {
  const at = typeof time === 'number' ? new Date(time) : new Date();
  return [at.getHours(), at.getMinutes(), at.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
};
const value = (v: unknown) => (typeof v === 'string' ? (/[\s"=]/.test(v) ? JSON.stringify(v) : v) : JSON.stringify(v));

/** One JSON log line as text for a person, or null for a line worth leaving out. */
export function formatEntry(line: string, opts: { color?: boolean } = {}): string | null {
  const color = opts.color ?? false;
  let entry: Entry;
  try {
    entry = JSON.parse(line) as Entry;
  } catch {
    return line.trimEnd();
  }
  const level = entry.level ?? 30;
  const time = paint(color, '90', clock(entry.time));
  if (entry.msg === 'request' && typeof entry.path === 'string') {
    const status = Number(entry.status);
    if (status < 400 && ASSET.test(entry.path)) return null;
    const took = typeof entry.durationMs === 'number' ? ` ${entry.durationMs} ms` : '';
    const text = `${clock(entry.time)} ${String(entry.method)} ${entry.path} ${status}${took}`;
    return status >= 500 ? paint(color, '31', text) : status >= 400 ? paint(color, '33', text) : paint(color, '2', text);
  }
  const head = `${time} ${paint(color, COLORS[level] ?? '0', (LEVELS[level] ?? String(level)).padEnd(5))} ${entry.msg ?? ''}`;
  if (typeof entry.to === 'string' && Array.isArray(entry.links)) {
    const subject = typeof entry.subject === 'string' ? ` "${entry.subject}"` : '';
    return [`${head}`, `      to ${entry.to}${subject}`, ...entry.links.map((l) => `      ${paint(color, '36', String(l))}`)].join('\n');
  }
  const fields = Object.entries(entry).filter(([k, v]) => !SHOWN.has(k) && v !== undefined).map(([k, v]) => `${k}=${value(v)}`);
  const err = entry.err as { stack?: string; message?: string } | undefined;
  return [`${head}${fields.length > 0 ? ` ${paint(color, '90', fields.join(' '))}` : ''}`, ...(err ? [`      ${err.stack ?? err.message ?? ''}`] : [])].join('\n');
}

/** A destination for pino that writes each entry as formatEntry has it. */
export function personReadable(out: { write(text: string): unknown }, opts: { color?: boolean } = {}) {
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) {
        if (line.trim() === '') continue;
        const text = formatEntry(line, opts);
        if (text !== null) out.write(`${text}\n`);
      }
    },
  };
}
