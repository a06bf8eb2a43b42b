import { describe, expect, it } from 'vitest';
import { ksefConfig } from '../../../modules/invoicing/index.ts';
import { ConfigError, parseEnv } from '../../../modules/shared/config/index.ts';

const thrown = (run: () => unknown): Error => {
  try { run(); } catch (error) { return error as Error; }
  throw new Error('did not throw');
};

describe('KSeF configuration', () => {
  it('is off unless KSEF_URL is set', () => {
    expect(ksefConfig({})).toBeNull();
    expect(ksefConfig({ KSEF_URL: '  ', KSEF_TOKEN: 'abc' })).toBeNull();
    expect(ksefConfig(parseEnv({}))).toBeNull();
  });

  it.each([
    ['https://api-test.ksef.mf.gov.pl/v2', 'https://qr-test.ksef.mf.gov.pl'],
    ['https://api-demo.ksef.mf.gov.pl/v2/', 'https://qr-demo.ksef.mf.gov.pl'],
    ['https://api.ksef.mf.gov.pl/v2', 'https://qr.ksef.mf.gov.pl'],
  ])('derives the verification address from the environment: %s', (url, qr) => {
    expect(ksefConfig({ KSEF_URL: url, KSEF_TOKEN: ' token ' })).toEqual({ baseUrl: url.replace(/\/$/, ''), token: 'token', qrUrl: qr });
  });

  it('takes KSEF_QR_URL as given, and requires it for a host that is none of KSeF’s environments', () => {
    expect(ksefConfig({ KSEF_URL: 'http://127.0.0.1:4000/v2', KSEF_TOKEN: 't', KSEF_QR_URL: 'https://qr-test.ksef.mf.gov.pl/' }))
      .toEqual({ baseUrl: 'http://127.0.0.1:4000/v2', token: 't', qrUrl: 'https://qr-test.ksef.mf.gov.pl' });
    const error = thrown(() => ksefConfig({ KSEF_URL: 'http://127.0.0.1:4000/v2', KSEF_TOKEN: 't' }));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(/^Invalid configuration: KSEF_QR_URL must be set: 127\.0\.0\.1 is not one of KSeF's environments/);
  });

  it.each([
    [{ KSEF_URL: 'https://api-test.ksef.mf.gov.pl/v2' }, /^Invalid configuration: KSEF_TOKEN must be set with KSEF_URL/],
    [{ KSEF_URL: 'ftp://api-test.ksef.mf.gov.pl/v2', KSEF_TOKEN: 't' }, /^Invalid configuration: KSEF_URL must be a http\(s\) URL/],
    [{ KSEF_URL: 'api-test.ksef.mf.gov.pl', KSEF_TOKEN: 't' }, /^Invalid configuration: KSEF_URL must be a http\(s\) URL/],
    [{ KSEF_URL: 'https://api-test.ksef.mf.gov.pl/v2', KSEF_TOKEN: 't', KSEF_QR_URL: 'qr' }, /^Invalid configuration: KSEF_QR_URL must be a http\(s\) URL/],
  ])('refuses %j with a line naming the variable', (env, message) => {
    const error = thrown(() => ksefConfig(env));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(message);
  });

  it('is checked at start-up with the other settings, never echoing the token', () => {
    expect(thrown(() => parseEnv({ KSEF_URL: 'https://api-test.ksef.mf.gov.pl/v2' })).message).toMatch(/^Invalid configuration: KSEF_TOKEN must be set with KSEF_URL/);
    expect(thrown(() => parseEnv({ KSEF_URL: 'not a url', KSEF_TOKEN: 'secret-token' })).message).toBe('Invalid configuration: KSEF_URL must be a http(s) URL');
    const parsed = parseEnv({ KSEF_URL: 'https://api-test.ksef.mf.gov.pl/v2', KSEF_TOKEN: 'secret-token' });
    expect(ksefConfig(parsed)).toEqual({ baseUrl: 'https://api-test.ksef.mf.gov.pl/v2', token: 'secret-token', qrUrl: 'https://qr-test.ksef.mf.gov.pl' });
  });
});
