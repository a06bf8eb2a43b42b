import { describe, expect, it } from 'vitest';
import { formatEntry, personReadable } from '../../../src/server/log-format.ts';
import { readableLog } from '../../../src/server/logger.ts';

const at = new Date(2026, 10, 26, 9, 5, 7).getTime();
const line = (entry: Record<string, unknown>) => JSON.stringify({ level: 30, time: at, pid: 1, hostname: 'h', service: 'gestalt-online', ...entry });

describe('the development log, read by a person', () => {
  it('prints the time, the level and the message, with the other fields after it and nothing of pino\'s bookkeeping', () => {
    expect(formatEntry(line({ msg: 'migrations applied', migrations: ['contact_0002_inbox'] })))
      .toBe('09:05:07 INFO  migrations applied migrations=["contact_0002_inbox"]');
    expect(formatEntry(line({ level: 40, msg: 'PUBLIC_URL is not set', publicUrl: 'http://localhost:3000' })))
      .toBe('09:05:07 WARN  PUBLIC_URL is not set publicUrl=http://localhost:3000');
  });

  it('shortens a request line and leaves out an asset served well, but keeps a failed one', () => {
    const request = (path: string, status: number) => line({ msg: 'request', requestId: 'r1', ip: '127.0.0.1', method: 'GET', path, status, durationMs: 3.2 });
    expect(formatEntry(request('/kontakt', 200))).toBe('09:05:07 GET /kontakt 200 3.2 ms');
    expect(formatEntry(request('/_astro/Base.abc123.css', 200))).toBeNull();
    expect(formatEntry(request('/favicon.svg', 304))).toBeNull();
    expect(formatEntry(request('/_astro/missing.js', 404))).toBe('09:05:07 GET /_astro/missing.js 404 3.2 ms');
  });

  it('names a kept mail\'s recipient and puts each link on a line of its own', () => {
    const mail = line({ msg: 'mail kept in the dev mailbox (set SMTP_URL to deliver)', to: 'anna@example.com', subject: 'Potwierdź adres', links: ['http://localhost:3000/verify-email/abc'] });
    expect(formatEntry(mail)).toBe([
      '09:05:07 INFO  mail kept in the dev mailbox (set SMTP_URL to deliver)',
      '      to anna@example.com "Potwierdź adres"',
      '      http://localhost:3000/verify-email/abc',
    ].join('\n'));
  });

  it('prints an error\'s stack under its line, and a line that is not JSON as it is', () => {
    const failed = formatEntry(line({ level: 50, msg: 'request failed', path: '/x', err: { message: 'boom', stack: 'Error: boom\n    at here' } }));
    expect(failed).toBe('09:05:07 ERROR request failed path=/x\n      Error: boom\n    at here');
    expect(formatEntry('not json\n')).toBe('not json');
  });

  it('colours only when asked, and writes each entry of a chunk on its own line', () => {
    expect(formatEntry(line({ msg: 'hello' }), { color: true })).toContain('\u001b[32mINFO \u001b[0m');
    const written: string[] = [];
    personReadable({ write: (t: string) => written.push(t) }).write(`${line({ msg: 'one' })}\n${line({ msg: 'two' })}\n`);
    expect(written).toEqual(['09:05:07 INFO  one\n', '09:05:07 INFO  two\n']);
  });
});

describe('which log a server writes', () => {
  it('keeps JSON in production, and whenever its output is not a terminal (a pipe, a file, a test)', () => {
    expect(readableLog('production')).toBe(false);
    expect(readableLog(undefined)).toBe(process.stdout.isTTY === true);
  });
});
