import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../../modules/shared/kernel/index.ts';
import { clientKey, createRateLimiter, type Count } from '../../../../modules/shared/rate-limit/index.ts';
import { backends, openMigrated } from '../../../support/databases.ts';

describe('the client a limit counts', () => {
  it('is an IPv4 address, also when written IPv4-mapped', () => {
    expect(clientKey('192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
  });
  it('is the /64 of an IPv6 address, however it is written', () => {
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff::9')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });
});

describe.each(backends)('fixed-window rate limits on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  const start = '2026-03-01T10:00:00.000Z';
  const three: Count = { bucket: ['test:login', '203.0.113.9', 'anna@example.com'], limit: { max: 3, windowSeconds: 60 } };
  const limiter = (clock = fixedClock(start)) => ({ clock, limits: createRateLimiter(handle.db, { clock }) });
  const hits = async (limits: ReturnType<typeof limiter>['limits'], n: number, count = three) => {
    const answers: boolean[] = [];
    for (let i = 0; i < n; i++) answers.push(await limits.exceeded(count));
    return answers;
  };

  it('allows a bucket its count of hits within a window and refuses the one past it', async () => {
    const { limits } = limiter();
    expect(await hits(limits, 4)).toEqual([false, false, false, true]);
  });

  it('still refuses at the last moment of the window, and starts afresh when the window has passed', async () => {
    const { clock, limits } = limiter();
    await hits(limits, 3);
    clock.advance(60_000 - 1);
    expect(await limits.exceeded(three)).toBe(true);
    clock.advance(1);
    expect(await hits(limits, 4)).toEqual([false, false, false, true]);
  });

  it('counts each bucket apart, and refuses when any of several is over', async () => {
    const { limits } = limiter();
    const other: Count = { ...three, bucket: ['test:login', '198.51.100.7', 'anna@example.com'] };
    await hits(limits, 3);
    expect(await limits.exceeded(other)).toBe(false);
    expect(await limits.exceeded(other, three)).toBe(true);
    // The refused attempt was counted in both.
    expect(await hits(limits, 1, other)).toEqual([false]);
    expect(await hits(limits, 1, other)).toEqual([true]);
  });

  it('shares counts between instances through the database', async () => {
    const clock = fixedClock(start);
    const one = limiter(clock).limits;
    const two = limiter(clock).limits;
    expect([...await hits(one, 2), ...await hits(two, 2)]).toEqual([false, false, false, true]);
  });

  it('stores no address, e-mail or client in the table', async () => {
    const { limits } = limiter();
    await hits(limits, 1);
    const rows = JSON.stringify(await handle.db.selectFrom('rate_limits').selectAll().execute());
    for (const personal of ['anna', 'example.com', '203.0.113']) expect(rows).not.toContain(personal);
  });
});
