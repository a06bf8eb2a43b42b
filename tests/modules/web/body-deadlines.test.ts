import http from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyDeadlines } from '../../../src/server/body-deadlines.ts';
import { streamsItsBody } from '../../../src/server/streamed-bodies.ts';

// A real server with short deadlines: an upload that keeps moving may take as long as it needs; one that stalls, and
// any other body that takes too long, is answered 408 and closed; a request without a body is never cut.
const LIMIT_MS = 800;

describe('deadlines for request bodies', () => {
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    const bodies = bodyDeadlines({ wholeMs: LIMIT_MS, idleMs: LIMIT_MS, checkEveryMs: 100, streamed: streamsItsBody });
    server = http.createServer({ requestTimeout: 0 }, (req, res) => {
      bodies.watch(req, res);
      let size = 0;
      req.on('data', (chunk: Buffer) => { size += chunk.length; });
      req.on('end', () => { setTimeout(() => res.end(`got ${size}`), req.url === '/slow-answer' ? 2 * LIMIT_MS : 0); });
      req.on('error', () => {});
    });
    server.keepAliveTimeout = 50;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => { await new Promise((resolve) => server.close(resolve)); });

  /** Sends a request's head, then `chunks` bytes one `everyMs` apart (then stays silent when `stall`); what came back. */
  function send(path: string, chunks: number, everyMs: number, stall = false): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: ${stall ? chunks + 1 : chunks}\r\n\r\n`);
        let sent = 0;
        const tick = setInterval(() => {
          if (sent === chunks || socket.destroyed) return clearInterval(tick);
          socket.write('x');
          sent += 1;
        }, everyMs);
      });
      let answer = '';
      socket.on('data', (d) => { answer += d.toString('latin1'); });
      socket.on('error', reject);
      socket.on('close', () => resolve(answer));
    });
  }

  it('names the upload routes as streamed, and nothing else', () => {
    for (const path of ['/api/admin/uploads', '/api/admin/uploads/abc123', '/api/admin/media', '/api/admin/attendance/p-1/import']) expect(streamsItsBody(path)).toBe(true);
    for (const path of ['/api/contact', '/api/admin/attendance/p-1', '/api/admin/uploadsx', '/api/admin/media/x']) expect(streamsItsBody(path)).toBe(false);
  });

  it('lets an upload that keeps moving take longer than the limit, and answers it', async () => {
    const answer = await send('/api/admin/uploads/abc', 12, LIMIT_MS / 4);
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answer).toContain('got 12');
  }, 15_000);

  it('answers 408 to an upload that stops moving, and closes its connection', async () => {
    expect(await send('/api/admin/uploads/abc', 2, 50, true)).toBe('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
  }, 15_000);

  it('answers 408 to any other body still arriving after the limit, though it keeps moving', async () => {
    expect(await send('/api/contact', 12, LIMIT_MS / 4)).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
  }, 15_000);

  it('never cuts a request once its body is in, nor one without a body, however long the answer takes', async () => {
    expect(await send('/slow-answer', 3, 10)).toContain('got 3');
    const answer = await new Promise<string>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: '/slow-answer' }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => { body += d.toString(); });
        res.on('end', () => resolve(`${res.statusCode} ${body}`));
      }).on('error', reject);
    });
    expect(answer).toBe('200 got 0');
  }, 15_000);
});
