import { describe, expect, it } from 'vitest';
import { addSample, bytes, clock, secondsLeft } from '../../../src/islands/admin/upload-progress.ts';

describe('the time left of an upload', () => {
  it('given less than a second of samples, then it is not known yet', () => {
    expect(secondsLeft([{ at: 0, sent: 0 }, { at: 500, sent: 1000 }], 10_000)).toBeNull();
  });
  it('given the recent speed, then the rest takes as long at that speed; older samples are forgotten', () => {
    let samples = addSample([], { at: 0, sent: 0 });
    samples = addSample(samples, { at: 10_000, sent: 10_000_000 });
    expect(secondsLeft(samples, 50_000_000)).toBe(40);
    samples = addSample(samples, { at: 30_000, sent: 12_000_000 });
    expect(samples).toHaveLength(1);
  });
  it('reads as a clock and sizes in the admin\'s language', () => {
    expect([clock(9), clock(247), clock(3909)]).toEqual(['0:09', '4:07', '1:05:09']);
    expect([bytes(1.5 * 1024 ** 3, 'pl'), bytes(1.5 * 1024 ** 3, 'en'), bytes(12, 'en')]).toEqual(['1,5 GB', '1.5 GB', '12 B']);
  });
});
