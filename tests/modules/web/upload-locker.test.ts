import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@tus/server';
import { postgresLocker } from '../../../src/server/upload-locker.ts';
import { onPostgres, withoutPostgres } from '../../support/databases.ts';

const settled = async (promise: Promise<unknown>, ms = 300) => Promise.race([promise.then(() => true, () => true), new Promise((r) => setTimeout(() => r(false), ms))]);

// Two lockers on one database stand for two instances: advisory locks are the database's, shared by every connection.
describe.skipIf(withoutPostgres)(onPostgres('the tus upload locker on PostgreSQL advisory locks'), () => {
  const url = process.env.TEST_DATABASE_URL!;
  const a = postgresLocker(url);
  const b = postgresLocker(url, { acquireTimeoutMs: 1_500 });
  afterAll(async () => { await a.close(); await b.close(); });
  const never = () => new AbortController().signal;

  it('given A holds an upload, when B asks for it, then A is asked to let go, B waits, and B has it once A unlocks', async () => {
    const id = `uploads/${randomUUID()}`;
    const held = a.newLock(id);
    let asked = 0;
    await held.lock(never(), () => { asked += 1; });
    const second = b.newLock(id);
    const waiting = second.lock(never(), () => {});
    expect(await settled(waiting)).toBe(false);
    // The ask travels by NOTIFY to the other instance's holder.
    await expect.poll(() => asked, { timeout: 3_000 }).toBeGreaterThan(0);
    await held.unlock();
    await waiting;
    await second.unlock();
  });

  it('given A holds one upload, when B asks for another, then B has it at once and A is not asked', async () => {
    const held = a.newLock(`uploads/${randomUUID()}`);
    let asked = 0;
    await held.lock(never(), () => { asked += 1; });
    const other = b.newLock(`uploads/${randomUUID()}`);
    expect(await settled(other.lock(never(), () => {}), 1_000)).toBe(true);
    expect(asked).toBe(0);
    await other.unlock();
    await held.unlock();
  });

  it('given one instance holds an upload, when a second request of the same instance asks for it, then it waits too', async () => {
    const id = `uploads/${randomUUID()}`;
    const first = a.newLock(id);
    await first.lock(never(), () => {});
    const second = a.newLock(id);
    const waiting = second.lock(never(), () => {});
    expect(await settled(waiting)).toBe(false);
    await first.unlock();
    await waiting;
    await second.unlock();
  });

  it('given a holder that never lets go, when B waits past its timeout, then it gives up with the lock timeout; a cancelled request stops waiting', async () => {
    const id = `uploads/${randomUUID()}`;
    const held = a.newLock(id);
    await held.lock(never(), () => {});
    await expect(b.newLock(id).lock(never(), () => {})).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    const cancel = new AbortController();
    const waiting = b.newLock(id).lock(cancel.signal, () => {});
    cancel.abort();
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await held.unlock();
    // Released, the upload is free for the next one at once.
    const next = b.newLock(id);
    expect(await settled(next.lock(never(), () => {}), 1_000)).toBe(true);
    await next.unlock();
  });
});
