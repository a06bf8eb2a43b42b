import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProductForSale } from '../../../../modules/purchases/index.ts';
import { connectPostgres, type DatabaseHandle } from '../../../../modules/shared/db/index.ts';
import { createEventStore, createLogFollower, type LogFollower } from '../../../../modules/shared/events/index.ts';
import { fixedClock, usersConcerned } from '../../../../modules/shared/kernel/index.ts';
import { createUserMemory } from '../../../../modules/shared/memory/index.ts';
import { backends, openMigrated } from '../../../support/databases.ts';
import { purchasesOn } from '../../purchases/fixture.ts';

const root = join(import.meta.dirname, '..', '..', '..', '..');

/** Every source file of the modules, by path from the project root. */
function moduleSources(dir = 'modules'): { path: string; source: string }[] {
  return readdirSync(join(root, dir)).flatMap((entry) => {
    const path = `${dir}/${entry}`;
    if (statSync(join(root, path)).isDirectory()) return moduleSources(path);
    return path.endsWith('.ts') ? [{ path, source: readFileSync(join(root, path), 'utf8') }] : [];
  });
}

/**
 * Whom every event concerns is declared (modules/shared/kernel/concerns.ts): the types make a decider without the
 * declaration fail to compile; this finds every event type written anywhere in modules/ (`type: 'X'; data:` in a
 * type, `type: 'X', data:` in an event made) and every exported declaration (a decider, or `{ concerns }` of a
 * stream without one), so an event appended around a decider cannot go undeclared either.
 */
describe('whom each event concerns', () => {
  it('is declared for every event type of every module', async () => {
    const sources = moduleSources().filter((f) => !f.path.startsWith('modules/shared/'));
    const written = new Set(sources.flatMap((f) => [...f.source.matchAll(/\btype:\s*'([A-Z][A-Za-z]+)'\s*[;,]\s*data:/g)].map((m) => m[1]!)));
    const declared = new Map<string, string>();
    for (const { path, source } of sources) {
      for (const [, name] of source.matchAll(/export const (\w+)\s*:\s*(?:Decider<|\{\s*concerns:\s*Concerns<)/g)) {
        const module = (await import(join(root, path))) as Record<string, { concerns: Record<string, unknown> }>;
        for (const type of Object.keys(module[name!]!.concerns)) declared.set(type, `${relative(root, join(root, path))} ${name}`);
      }
    }
    expect(written.size).toBeGreaterThan(20);
    expect([...written].filter((type) => !declared.has(type))).toEqual([]);
    // Named by the stream's decider: PlaybackStarted and CheckoutExpired carry no user id, their state knows the buyer.
    expect(declared.get('PlaybackStarted')).toBe('modules/purchases/purchase.ts purchaseDecider');
    expect(declared.get('CheckoutExpired')).toBe('modules/purchases/purchase.ts purchaseDecider');
  });
});

const product: ProductForSale = {
  key: 'grief-seminar', title: { pl: 'Seminarium o żałobie', en: 'Grief seminar' }, liveAt: new Date('2026-03-01T17:00:00.000Z'), durationMinutes: 180, published: true,
  recordingLink: 'media:recordings/grief.webm', liveLink: 'https://meet.example/grief', prices: [{ currency: 'PLN', amountMinor: 19900, priceId: 'pln' }],
};

describe.each(backends)('events concerning a user, across instances, on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let second: DatabaseHandle;
  let follower: LogFollower | null = null;
  const clock = fixedClock('2026-03-01T18:00:00.000Z');
  beforeEach(async () => {
    handle = await openMigrated(backend);
    // PostgreSQL: the second instance has a connection of its own; PGlite is one process's database.
    second = handle.url ? connectPostgres(handle.url) : handle;
  });
  afterEach(async () => {
    await follower?.stop();
    follower = null;
    if (second !== handle) await second?.close();
    await handle?.close();
  });

  /** Another instance: its own store, following the log, with one remembered answer per user. */
  async function secondInstance() {
    const store = createEventStore(second.db);
    const memory = createUserMemory<string>({ isCurrent: () => true }, clock, 100);
    // The poll is an hour: only the notification of the commit can bring the event in time.
    follower = createLogFollower({ readAll: (after, limit) => store.readAll(after, limit), lastPosition: () => store.lastPosition(), listen: second.listen, pollMs: 3_600_000 });
    follower.subscribe((events) => memory.forget(events));
    await follower.start();
    return memory;
  }

  const soon = async (done: () => boolean) => {
    for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    return done();
  };

  it('given a buyer\'s answer remembered on a second instance, when their playback starts on the first (an event naming no user), then the second drops it at once, and only theirs', async () => {
    const { purchases } = purchasesOn(handle, product, { clock });
    for (const userId of ['u1', 'u2']) {
      const { purchaseId } = await purchases.startCheckout({ userId, email: `${userId}@example.com`, productKey: product.key, priceId: 'pln', locale: 'pl', consents: ['earlyStart'] });
      await purchases.payDevCheckout(purchaseId, userId);
    }
    const memory = await secondInstance();
    for (const userId of ['u1', 'u2']) memory.remember(userId, memory.generation(), userId, `${userId} has not watched yet`);

    expect(await purchases.recordPlayback('u1', product.key)).toBe('recorded');
    expect(await soon(() => memory.recall('u1') === undefined)).toBe(true);
    expect(memory.recall('u2')).toBe('u2 has not watched yet');
  });

  it('given a buyer\'s open checkout, when a newer one expires it, then the expiry is recorded as concerning the buyer', async () => {
    const { purchases, store } = purchasesOn(handle, product, { clock });
    const from = await store.lastPosition();
    await purchases.startCheckout({ userId: 'u1', email: 'u1@example.com', productKey: product.key, priceId: 'pln', locale: 'pl', consents: ['earlyStart'] });
    await purchases.startCheckout({ userId: 'u1', email: 'u1@example.com', productKey: product.key, priceId: 'pln', locale: 'pl', consents: ['earlyStart'] });
    const expired = (await store.readAll(from, 100)).filter((e) => e.type === 'CheckoutExpired');
    expect(expired).toHaveLength(1);
    expect(expired[0]!.data).not.toHaveProperty('userId');
    expect([...usersConcerned(expired)]).toEqual(['u1']);
  });
});
