import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPlayback, resumeFrom, watchedShare } from '../../../modules/playback/index.ts';
import { createEventStore } from '../../../modules/shared/events/index.ts';
import { DomainError, fixedClock } from '../../../modules/shared/kernel/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';

const hour = 3600;

describe('where the player starts (the resume rule)', () => {
  it('given no saved position, when the recording opens, then it starts at the beginning', () => {
    expect(resumeFrom(null, hour)).toBe(0);
  });
  it('given a position in the middle, when the recording opens, then it starts there', () => {
    expect(resumeFrom({ position: 1234.5, duration: hour }, hour)).toBe(1234.5);
  });
  it('given a position within 30 s of the end, when the recording opens, then it starts again from the beginning', () => {
    expect(resumeFrom({ position: hour - 30, duration: hour }, hour)).toBe(0);
    expect(resumeFrom({ position: hour - 10, duration: hour }, hour)).toBe(0);
    expect(resumeFrom({ position: hour - 30.5, duration: hour }, hour)).toBe(hour - 30.5);
  });
  it('given a position past the end of a shorter replacement recording, when it opens, then it starts at the beginning', () => {
    expect(resumeFrom({ position: 2000, duration: hour }, 1500)).toBe(0);
  });
  it('given a recording whose length is not known yet, when it opens, then it starts at the beginning', () => {
    expect(resumeFrom({ position: 100, duration: hour }, Number.NaN)).toBe(0);
  });
});

describe('how much of a recording was watched', () => {
  it('given a position, then the share is position over length, and the whole within 30 s of the end', () => {
    expect(watchedShare(null)).toBe(0);
    expect(watchedShare({ position: 0.35 * hour, duration: hour })).toBeCloseTo(0.35);
    expect(watchedShare({ position: hour - 20, duration: hour })).toBe(1);
  });
});

describe.each(backends)('saved positions on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  it('given positions saved by two users, when each reads, then each sees only their newest position per product', async () => {
    const clock = fixedClock('2026-03-01T10:00:00Z');
    const playback = createPlayback({ db: handle.db, clock });
    await playback.save('u1', 'p1', { position: 100, duration: hour });
    clock.advance(10_000);
    await playback.save('u1', 'p1', { position: 110, duration: hour });
    await playback.save('u2', 'p1', { position: hour - 5, duration: hour });
    const mine = await playback.positionOf('u1', 'p1');
    expect(mine.saved).toMatchObject({ position: 110, duration: hour });
    expect(mine.startAt).toBe(110);
    expect((await playback.positionOf('u2', 'p1')).startAt).toBe(0);
    expect((await playback.positionOf('u1', 'p2')).saved).toBeNull();
    expect([...(await playback.watched('u1'))]).toEqual([['p1', 110 / hour]]);
  });

  it('given a position past the end, when saved, then it is kept as the end; nonsense is refused', async () => {
    const playback = createPlayback({ db: handle.db });
    await playback.save('u1', 'p1', { position: 500, duration: 400 });
    expect((await playback.positionOf('u1', 'p1')).saved?.position).toBe(400);
    for (const bad of [{ position: -1, duration: 10 }, { position: 1, duration: 0 }, { position: Number.NaN, duration: 10 }, { position: 1, duration: 25 * hour }]) {
      await expect(playback.save('u1', 'p1', bad)).rejects.toEqual(new DomainError('position-invalid'));
    }
  });
});

describe.each(backends)('an account\'s deletion on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  const deleted = (userId: string) => [{ type: 'UserDeleted', data: { userId, deletedAt: '2026-03-02T09:00:00.000Z' } }];

  it('given positions of two users, when one user\'s account is deleted (UserDeleted), then only their positions are gone', async () => {
    const playback = createPlayback({ db: handle.db });
    const store = createEventStore(handle.db, { projections: playback.projections });
    await playback.save('u1', 'p1', { position: 100, duration: hour });
    await playback.save('u1', 'p2', { position: 200, duration: hour });
    await playback.save('u2', 'p1', { position: 300, duration: hour });
    await store.append('user-u1', 'any', deleted('u1'));
    expect((await playback.positionOf('u1', 'p1')).saved).toBeNull();
    expect([...(await playback.watched('u1'))]).toEqual([]);
    expect((await playback.positionOf('u2', 'p1')).saved?.position).toBe(300);
  });

  it('given positions kept and a deletion in the log, when the read models are rebuilt, then the others\' positions stay', async () => {
    const playback = createPlayback({ db: handle.db });
    const store = createEventStore(handle.db, { projections: playback.projections });
    await playback.save('u1', 'p1', { position: 100, duration: hour });
    await store.append('user-u1', 'any', deleted('u1'));
    await playback.save('u2', 'p1', { position: 300, duration: hour });
    await store.rebuildProjections();
    expect([...(await playback.watched('u2'))]).toEqual([['p1', 300 / hour]]);
    expect([...(await playback.watched('u1'))]).toEqual([]);
  });
});
