import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { holdPagesWhileBehind, startFrontServer } from '../../../src/server/page-cache/index.ts';
import { pageStore } from '../../../src/server/page-cache/registry.ts';
import { anonymous } from '../../../src/server/page-cache/visitor.ts';
import { observeHttp } from '../../../src/server/http-observer.ts';
import { trackLogFreshness } from '../../../src/server/log-freshness.ts';

/**
 * Two instances behave as one site: an instance that has heard of a commit (NOTIFY) it has not read yet answers
 * nothing from its stored pages, so a change made on another instance shows on the very next request.
 */
describe('stored pages while the event log holds something unread', () => {
  let behind = false;
  holdPagesWhileBehind(() => behind);
  const store = pageStore();
  store.put(anonymous('pl'), '/behind-test', store.generation(anonymous('pl')), { status: 200, headers: [['content-type', 'text/html']], tags: ['catalogue'] }, Buffer.from('<p>stored</p>'), 60, 'identity');
  const server = startFrontServer({
    astro: (_req, res) => { res.writeHead(200, { 'content-type': 'text/html' }); res.end('<p>rendered</p>'); },
    serveStatic: () => false,
    trust: { kind: 'off' },
    observer: observeHttp(pino({ level: 'silent' }), { hsts: false, trust: { kind: 'off' } }),
    host: '127.0.0.1', port: 0, tls: null,
  });
  afterAll(() => { holdPagesWhileBehind(() => false); server.close(); });
  const get = async () => {
    if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    return (await fetch(`http://127.0.0.1:${port}/behind-test`, { headers: { 'accept-encoding': 'identity' } })).text();
  };

  it('given a stored page and a log read to its end, when asked, then the stored page answers', async () => {
    expect(await get()).toBe('<p>stored</p>');
  });

  it('given a notification heard but not yet read, when asked, then the page is rendered anew', async () => {
    behind = true;
    expect(await get()).toBe('<p>rendered</p>');
    behind = false;
    expect(await get()).toBe('<p>stored</p>');
  });
});

describe('log freshness: behind from a notification until it has been read', () => {
  it('given a notification, then behind until a read that reaches the end of the log', async () => {
    let notify = () => {};
    const freshness = trackLogFreshness({ listen: async (_c, onNotify) => { notify = onNotify; return async () => {}; }, readAll: async () => [] });
    await freshness.listen('events', () => {});
    expect(freshness.isBehind()).toBe(false);
    notify();
    expect(freshness.isBehind()).toBe(true);
    await freshness.readAll(0, 100);
    expect(freshness.isBehind()).toBe(false);
  });
});
