import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../../../modules/shared/config/index.ts';

describe('MAIL_RATE (campaign messages per second)', () => {
  it('defaults to 10 and takes a number, 0 meaning unlimited', () => {
    expect(parseEnv({}).MAIL_RATE).toBe(10);
    expect(parseEnv({ MAIL_RATE: '0' }).MAIL_RATE).toBe(0);
    expect(parseEnv({ MAIL_RATE: ' 2.5 ' }).MAIL_RATE).toBe(2.5);
    // Empty, as compose passes an unset ${MAIL_RATE:-}: the default.
    expect(parseEnv({ MAIL_RATE: '' }).MAIL_RATE).toBe(10);
  });

  it.each(['ten', '-1', '1e3', '20000'])('refuses %j with one line naming the variable', (value) => {
    let error: unknown;
    try { parseEnv({ MAIL_RATE: value }); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/^Invalid configuration: MAIL_RATE must be (a number of|at most 10000) campaign messages per second \(0 = unlimited\)$/);
  });
});
