import { describe, expect, it } from 'vitest';
import { signRecordingPath, verifyRecordingLink } from '../../../modules/purchases/recording-links.ts';
import { parseRange } from '../../../src/server/serve-file.ts';

const secret = 's'.repeat(40);
const now = new Date('2026-03-01T12:00:00Z');
const paramsOf = (path: string) => new URL(path, 'http://x').searchParams;

describe('signed recording links', () => {
  it('work for the signed product until they expire', () => {
    const path = signRecordingPath(secret, 'k1', 'u1', now, 60_000);
    expect(path).toMatch(/^\/media\/recordings\/k1\?/);
    expect(verifyRecordingLink(secret, 'k1', paramsOf(path), new Date(now.getTime() + 59_000))).toEqual({ ok: true, userId: 'u1' });
    expect(verifyRecordingLink(secret, 'k1', paramsOf(path), new Date(now.getTime() + 60_000))).toEqual({ ok: false, reason: 'expired' });
  });
  it('refuse another product, a changed user or expiry, another secret, or no signature', () => {
    const params = paramsOf(signRecordingPath(secret, 'k1', 'u1', now));
    expect(verifyRecordingLink(secret, 'k2', params, now)).toEqual({ ok: false, reason: 'bad-signature' });
    expect(verifyRecordingLink('t'.repeat(40), 'k1', params, now)).toEqual({ ok: false, reason: 'bad-signature' });
    const changed = new URLSearchParams(params); changed.set('u', 'u2');
    expect(verifyRecordingLink(secret, 'k1', changed, now).ok).toBe(false);
    const later = new URLSearchParams(params); later.set('e', String(Number(params.get('e')) + 3600));
    expect(verifyRecordingLink(secret, 'k1', later, now).ok).toBe(false);
    expect(verifyRecordingLink(secret, 'k1', new URLSearchParams(), now)).toEqual({ ok: false, reason: 'missing' });
  });
});

describe('HTTP ranges', () => {
  it('parses the forms players send', () => {
    expect(parseRange(null, 100)).toBeNull();
    expect(parseRange('bytes=0-', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(parseRange('bytes=90-200', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 100)).toBe('unsatisfiable');
    expect(parseRange('items=0-1', 100)).toBe('unsatisfiable');
  });
});
