import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../../modules/shared/events/index.ts';
import { trackLogFreshness } from '../../../src/server/log-freshness.ts';

/** A log source whose notifications and reads the test releases by hand. */
function given() {
  let notify = () => {};
  let heldBack = false;
  const pending: ((rows: RecordedEvent[]) => void)[] = [];
  const freshness = trackLogFreshness({
    listen: async (_channel, onNotify) => { notify = onNotify; return async () => {}; },
    readAll: () => new Promise<RecordedEvent[]>((resolve) => pending.push(resolve)),
    heldBack: async () => heldBack,
  });
  return {
    freshness, notify: () => notify(), answerRead: (rows: RecordedEvent[] = []) => pending.shift()!(rows),
    holdBack: (value: boolean) => { heldBack = value; },
  };
}

describe('whether this process has read every committed event', () => {
  it('given nothing heard yet, then it is not current', async () => {
    const { freshness } = given();
    expect(freshness.isCurrent()).toBe(false);
  });

  it('given a notification, when a read that began after it comes back short, then it is current again', async () => {
    const { freshness, notify, answerRead } = given();
    await freshness.listen('log', () => {});
    notify();
    expect(freshness.isCurrent()).toBe(false);
    const read = freshness.readAll(0, 500);
    answerRead();
    await read;
    expect(freshness.isCurrent()).toBe(true);
  });

  it('given a read that began before a notification, when it returns, then it is still not current', async () => {
    const { freshness, notify, answerRead } = given();
    await freshness.listen('log', () => {});
    notify();
    const early = freshness.readAll(0, 500);
    notify();
    answerRead();
    await early;
    expect(freshness.isCurrent()).toBe(false);
    const late = freshness.readAll(0, 500);
    answerRead();
    await late;
    expect(freshness.isCurrent()).toBe(true);
  });

  it('given a full page of events, then more may follow and it is not current until a short read', async () => {
    const { freshness, notify, answerRead } = given();
    await freshness.listen('log', () => {});
    notify();
    const full = freshness.readAll(0, 1);
    answerRead([{ position: 1 } as RecordedEvent]);
    await full;
    expect(freshness.isCurrent()).toBe(false);
  });

  it('given an append in flight holding committed events out of reach, when a read comes back short, then it is not current', async () => {
    const { freshness, notify, answerRead, holdBack } = given();
    await freshness.listen('log', () => {});
    notify();
    holdBack(true);
    const held = freshness.readAll(0, 500);
    answerRead();
    await held;
    expect(freshness.isCurrent()).toBe(false);
    holdBack(false);
    notify();
    const free = freshness.readAll(0, 500);
    answerRead();
    await free;
    expect(freshness.isCurrent()).toBe(true);
  });
});
