import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { TIMEOUTS } from '../../src/server/page-cache/index.ts';
import { signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/** Sends `head` as it is on a socket of its own and answers the status line and headers the server wrote back. */
function raw(port: number, head: string): Promise<{ statusLine: string; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => { text += chunk; });
    socket.on('error', reject);
    socket.on('close', () => {
      const [statusLine = '', ...lines] = text.split('\r\n\r\n')[0]!.split('\r\n');
      resolve({ statusLine, headers: Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()])) });
    });
  });
}

const request = (method: string, path: string, extra = '') => `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${extra}\r\n`;

describe('the HTTP edge seen from a raw socket', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let ben: { token: string };
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url });
    ben = await signUp(server, smtp, 'ben@example.com', 'Ben');
  }, 60_000);
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  it('answers a method the product does not serve (TRACE) 405 with the route\'s Allow, anonymous and signed in, never 5xx', async () => {
    for (const auth of ['', `Cookie: session=${ben.token}\r\n`, `Authorization: Bearer ${ben.token}\r\n`]) {
      for (const [path, allow] of [['/', 'GET, HEAD, POST'], ['/seminaria', 'GET, HEAD'], ['/api/articles', 'GET, HEAD, POST']] as const) {
        const answer = await raw(server.port, request('TRACE', path, auth));
        expect(answer.statusLine).toBe('HTTP/1.1 405 Method Not Allowed');
        expect(answer.headers['allow']?.split(', ').sort()).toEqual(allow.split(', ').sort());
      }
    }
    for (const method of ['PROPFIND', 'DELETE']) expect((await raw(server.port, request(method, '/seminaria'))).statusLine).toBe('HTTP/1.1 405 Method Not Allowed');
  });

  it('says the reason phrase that goes with the status a page set', async () => {
    const owner = `Cookie: session=${ben.token}\r\n`;
    expect((await raw(server.port, request('GET', `/watch-video/${DEMO_KEYS.trauma}`, owner))).statusLine).toBe('HTTP/1.1 403 Forbidden');
    expect((await raw(server.port, request('GET', '/watch-video'))).statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect((await raw(server.port, request('GET', '/reset-password'))).statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect((await raw(server.port, request('GET', '/nie-ma-takiej-strony'))).statusLine).toBe('HTTP/1.1 404 Not Found');
    expect((await raw(server.port, request('GET', '/seminaria'))).statusLine).toBe('HTTP/1.1 200 OK');
  });

  it('answers a JSON body of several MB 413 in the caller\'s language, read by a client still sending it, declared or counted', async () => {
    const big = Buffer.from(JSON.stringify({ message: 'x'.repeat(8 * 1024 * 1024) }));
    // Sent in 1 MB chunks without a Content-Length: refused when the edge has counted past its limit.
    const chunked = () => {
      let sent = 0;
      return new ReadableStream({ pull(c) { if (sent < big.length) c.enqueue(big.subarray(sent, sent += 1024 * 1024)); else c.close(); } });
    };
    const post = (body: BodyInit, lang: string) => fetch(`${server.url}/api/contact`, {
      method: 'POST', body, duplex: 'half', headers: { 'content-type': 'application/json', origin: server.url, cookie: `lang=${lang}` },
    } as RequestInit);
    for (const [lang, message] of [['pl', 'Przesłane dane są zbyt duże.'], ['en', 'The request body is too large.']] as const) {
      for (const body of [big, chunked()]) {
        const answer = await post(body, lang);
        expect([answer.status, await answer.json()]).toEqual([413, { message }]);
      }
    }
  });

  it('closes a connection whose request never finishes its headers, within the headers timeout', async () => {
    const started = Date.now();
    const answer = await raw(server.port, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const waited = Date.now() - started;
    expect(answer.statusLine).toBe('HTTP/1.1 408 Request Timeout');
    expect(waited).toBeGreaterThanOrEqual(TIMEOUTS.headersMs - 1_000);
    expect(waited).toBeLessThan(TIMEOUTS.headersMs + 3 * TIMEOUTS.checkEveryMs + 2_000);
  }, 30_000);

  it('closes an idle keep-alive connection after its timeout', async () => {
    const closed = await new Promise<number>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1', () => socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
      let answeredAt = 0;
      socket.on('data', () => { answeredAt ||= Date.now(); });
      socket.on('error', reject);
      socket.on('close', () => resolve(Date.now() - answeredAt));
    });
    expect(closed).toBeGreaterThanOrEqual(TIMEOUTS.keepAliveMs - 1_000);
    expect(closed).toBeLessThan(TIMEOUTS.keepAliveMs + 3_000);
  }, 30_000);
});
