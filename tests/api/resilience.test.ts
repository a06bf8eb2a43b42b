import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, onPostgres, withoutPostgres } from '../support/databases.ts';
import { startServer } from '../support/server.ts';
import { startTcpProxy } from '../support/tcp-proxy.ts';


// Only a server database can become unreachable; the embedded one lives in-process.
describe.skipIf(withoutPostgres)(onPostgres('health while PostgreSQL goes away and comes back'), () => {
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    const target = new URL(database.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  });
  afterAll(async () => { await proxy?.close(); await database?.drop(); });

  it('answers 503 while the database is unreachable, keeps running, and recovers', async () => {
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const server = await startServer({ DATABASE_URL: viaProxy.href });
    // A failed fetch says whether the server died, with its last words.
    const fetchOrExplain = async (path: string) => {
      try {
        return await fetch(`${server.url}${path}`);
      } catch (error) {
        throw new Error(`GET ${path} failed (server exit code ${server.process.exitCode}):\n${server.output().slice(-3000)}`, { cause: error });
      }
    };
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      // Cut while queries are in flight too: the server must answer, not crash.
      const during = Array.from({ length: 5 }, () => fetchOrExplain('/api/articles').then((r) => r.status));
      proxy.cut();
      expect((await Promise.all(during)).every((status) => status === 200 || status === 500)).toBe(true);
      const down = await fetchOrExplain('/healthz');
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ status: 'unavailable', database: 'down', mail: 'unknown' });
      // The process keeps serving: static files still answer, and a database-backed call fails cleanly as JSON.
      expect((await fetchOrExplain('/favicon.svg')).status).toBe(200);
      const failing = await fetchOrExplain('/api/articles');
      expect(failing.status).toBe(500);
      expect(Object.keys(await failing.json())).toEqual(['message']);
      proxy.restore();
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) {
        status = (await fetchOrExplain('/healthz')).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 200));
      }
      expect(status).toBe(200);
      expect(server.process.exitCode).toBeNull();
    } finally {
      await server.stop();
    }
  });
});

describe('graceful shutdown', () => {
  it('finishes a request in flight after SIGTERM, refuses new connections, and exits 0', async () => {
    const server = await startServer();
    // POST /register reads its whole body before answering: with half the body sent, the request is in flight.
    const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${server.url}/register?lang=en`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '2' } }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write('{');
      setTimeout(() => {
        server.process.kill('SIGTERM');
        setTimeout(() => req.end('}'), 500);
      }, 300);
    });
    const answered = await inFlight;
    expect(answered.status).toBe(400);
    expect(JSON.parse(answered.body)).toEqual({ message: 'Please fill in all fields' });
    const code = await new Promise<number | null>((resolve) => {
      if (server.process.exitCode !== null) resolve(server.process.exitCode);
      else server.process.once('exit', resolve);
    });
    expect(code).toBe(0);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    expect(server.output()).toContain('"signal":"SIGTERM"');
    expect(server.output()).toContain('"msg":"stopped"');
    await server.stop();
  });

  it('exits within 15 seconds of SIGTERM whatever is in flight: a body that never ends, aborted bodies and responses', { timeout: 60_000 }, async () => {
    const server = await startServer();
    const sockets: import('node:net').Socket[] = [];
    const open = (path: string, method: string, headers: Record<string, string>) => {
      const req = request(`${server.url}${path}`, { method, headers });
      req.on('error', () => {});
      req.on('socket', (s) => sockets.push(s));
      return req;
    };
    // Promises a 1000-byte body and sends ten bytes of it, then nothing: the request never completes.
    open('/register', 'POST', { 'content-type': 'application/json', 'content-length': '1000' }).write('{"name":"a');
    // Sends part of a body and hangs up.
    const aborted = open('/api/contact', 'POST', { 'content-type': 'application/json', 'content-length': '500' });
    aborted.write('{"fromName":');
    setTimeout(() => aborted.destroy(), 100);
    // Hangs up as soon as the answer starts.
    const page = open('/seminaria', 'GET', {});
    page.on('response', (res) => res.socket.destroy());
    page.end();
    // An idle keep-alive connection.
    await fetch(`${server.url}/healthz`, { keepalive: true });
    await new Promise((r) => setTimeout(r, 500));

    const t0 = Date.now();
    server.process.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => {
      if (server.process.exitCode !== null) resolve(server.process.exitCode);
      else server.process.once('exit', resolve);
    });
    const seconds = (Date.now() - t0) / 1000;
    sockets.forEach((s) => s.destroy());
    expect(seconds).toBeLessThan(15);
    expect(code).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
    await server.stop();
  });
});
