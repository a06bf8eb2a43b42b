import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../../modules/shared/kernel/index.ts';
import { outsideCalls, outsideStatuses } from '../../../../modules/shared/outside/index.ts';
import { backends, openMigrated } from '../../../support/databases.ts';

describe.each(backends)('outside systems\' last success and failure on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  it('knows nothing of any system before a call', async () => {
    expect(await outsideStatuses(handle.db)).toEqual(['smtp', 'stripe', 'ksef', 's3'].map((system) => ({ system, lastSuccessAt: null, lastFailureAt: null, lastFailure: null })));
  });

  it('keeps a success and a failure with its code, and gives the caller the result or the error unchanged', async () => {
    const clock = fixedClock('2026-12-01T10:00:00.000Z');
    const calls = outsideCalls(handle.db, { clock });
    expect(await calls.watch('smtp', async () => 'sent')).toBe('sent');
    clock.advance(60_000);
    const refused = Object.assign(new Error('535 auth failed for user kasia'), { code: 'EAUTH', responseCode: 535 });
    await expect(calls.watch('smtp', async () => { throw refused; })).rejects.toBe(refused);
    await calls.settled();
    const smtp = (await outsideStatuses(handle.db)).find((s) => s.system === 'smtp');
    expect(smtp).toEqual({ system: 'smtp', lastSuccessAt: new Date('2026-12-01T10:00:00.000Z'), lastFailureAt: new Date('2026-12-01T10:01:00.000Z'), lastFailure: 'EAUTH 535' });
  });

  it('counts a reasoned refusal (a card declined) as the system working', async () => {
    const calls = outsideCalls(handle.db, { clock: fixedClock('2026-12-01T10:00:00.000Z') });
    const declined = Object.assign(new Error('Your card was declined.'), { name: 'StripeCardError' });
    await expect(calls.watch('stripe', async () => { throw declined; }, (e) => (e as Error).name === 'StripeCardError')).rejects.toBe(declined);
    await calls.settled();
    expect((await outsideStatuses(handle.db)).find((s) => s.system === 'stripe')).toMatchObject({ lastSuccessAt: new Date('2026-12-01T10:00:00.000Z'), lastFailureAt: null });
  });

  it('shows one instance\'s outcome to another, and an older write never replaces a newer one', async () => {
    const first = outsideCalls(handle.db, { clock: fixedClock('2026-12-01T12:00:00.000Z') });
    const second = outsideCalls(handle.db, { clock: fixedClock('2026-12-01T11:00:00.000Z') });
    first.record('s3', Object.assign(new Error('x'), { name: 'ServiceUnavailable', $metadata: { httpStatusCode: 503 } }));
    await first.settled();
    second.record('s3', Object.assign(new Error('x'), { name: 'NoSuchBucket', $metadata: { httpStatusCode: 404 } }));
    second.record('s3', null);
    await second.settled();
    expect((await outsideStatuses(handle.db)).find((s) => s.system === 's3')).toEqual({
      system: 's3', lastSuccessAt: new Date('2026-12-01T11:00:00.000Z'), lastFailureAt: new Date('2026-12-01T12:00:00.000Z'), lastFailure: 'ServiceUnavailable 503',
    });
  });

  it('writes a run of successes once per half minute, not once per call', async () => {
    const clock = fixedClock('2026-12-01T10:00:00.000Z');
    const calls = outsideCalls(handle.db, { clock });
    for (let i = 0; i < 5; i++) { calls.record('ksef', null); clock.advance(1000); }
    await calls.settled();
    expect((await outsideStatuses(handle.db)).find((s) => s.system === 'ksef')?.lastSuccessAt).toEqual(new Date('2026-12-01T10:00:00.000Z'));
    clock.advance(30_000);
    calls.record('ksef', null);
    await calls.settled();
    expect((await outsideStatuses(handle.db)).find((s) => s.system === 'ksef')?.lastSuccessAt).toEqual(new Date('2026-12-01T10:00:35.000Z'));
  });
});
