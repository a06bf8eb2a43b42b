import { describe, expect, it } from 'vitest';
import { failureCode, shouldWrite } from '../../../../modules/shared/outside/index.ts';

describe('a failure kept for the system page', () => {
  it('is the error\'s name, code and status, never its message', () => {
    const relay = Object.assign(new Error('550 5.1.1 <anna@example.com>: Recipient address rejected'), { code: 'EENVELOPE', responseCode: 550 });
    expect(failureCode(relay)).toBe('EENVELOPE 550');
    const s3 = Object.assign(new Error('Access Denied for key s3cr3t'), { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });
    expect(failureCode(s3)).toBe('AccessDenied 403');
    const ksef = Object.assign(new Error('KSeF did not answer POST /sessions within 30000 ms'), { name: 'KsefUnavailable', reason: 'timeout' });
    expect(failureCode(ksef)).toBe('KsefUnavailable timeout');
    expect(failureCode(Object.assign(new Error('x'), { name: 'StripeConnectionError', statusCode: undefined }))).toBe('StripeConnectionError');
  });

  it('drops anything that is not a plain word (an address, a URL with credentials) and says "error" when nothing is left', () => {
    expect(failureCode(Object.assign(new Error('m'), { code: 'anna@example.com' }))).toBe('error');
    expect(failureCode(Object.assign(new Error('m'), { name: 'smtp://user:secret@relay', code: 42 }))).toBe('error');
    expect(failureCode('a string thrown')).toBe('error');
    expect(failureCode(null)).toBe('error');
  });
});

describe('when an outcome is written', () => {
  it('given nothing written yet, when a call succeeds, then it is written', () => {
    expect(shouldWrite(undefined, true, 0, 30_000)).toBe(true);
  });
  it('given a success written a moment ago, when another succeeds, then it is not written again', () => {
    expect(shouldWrite({ ok: true, at: 0 }, true, 29_999, 30_000)).toBe(false);
  });
  it('given a success written a moment ago, when a call fails, then the failure is written at once', () => {
    expect(shouldWrite({ ok: true, at: 0 }, false, 1, 30_000)).toBe(true);
  });
  it('given a success written half a minute ago, when another succeeds, then it is written', () => {
    expect(shouldWrite({ ok: true, at: 0 }, true, 30_000, 30_000)).toBe(true);
  });
});
