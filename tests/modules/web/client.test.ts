import { describe, expect, it } from 'vitest';
import { parseTrustProxy, type TrustProxy } from '../../../modules/shared/config/index.ts';
import { isCrossSiteRequest, resolveClient } from '../../../src/server/client.ts';

const headers = (h: Record<string, string>) => (name: string) => h[name];
const trust = (value: string) => parseTrustProxy(value) as TrustProxy;
const forwarded = { 'x-forwarded-for': '203.0.113.7, 10.0.0.5', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'gestalt.example', host: 'app:3000' };

describe('the client behind proxies', () => {
  it('believes no forwarding header when TRUST_PROXY is off', () => {
    expect(resolveClient('10.0.0.9', headers(forwarded), trust('off'))).toEqual({ ip: '10.0.0.9', https: false, origin: 'http://app:3000' });
  });

  it('takes the address one hop before each trusted proxy, read from the right', () => {
    expect(resolveClient('10.0.0.9', headers(forwarded), trust('1')).ip).toBe('10.0.0.5');
    expect(resolveClient('10.0.0.9', headers(forwarded), trust('2')))
      .toEqual({ ip: '203.0.113.7', https: true, origin: 'https://gestalt.example' });
  });

  it('stops at the first address that is not a listed proxy, so a forged leftmost entry is never believed', () => {
    expect(resolveClient('::ffff:10.0.0.9', headers(forwarded), trust('10.0.0.0/24')).ip).toBe('203.0.113.7');
    const forged = { ...forwarded, 'x-forwarded-for': '1.2.3.4, 198.51.100.20, 10.0.0.5' };
    expect(resolveClient('10.0.0.9', headers(forged), trust('10.0.0.0/24')).ip).toBe('198.51.100.20');
  });

  it('ignores forwarding headers from a peer that is not a listed proxy', () => {
    expect(resolveClient('192.0.2.1', headers(forwarded), trust('10.0.0.0/24'))).toEqual({ ip: '192.0.2.1', https: false, origin: 'http://app:3000' });
  });

  it('falls back to the peer when the forwarded address is garbage, and refuses a malformed host', () => {
    const junk = { 'x-forwarded-for': 'unknown', host: 'evil.example/\r\nx' };
    expect(resolveClient('10.0.0.9', headers(junk), trust('1'))).toEqual({ ip: '10.0.0.9', https: false, origin: null });
  });
});

describe('the same-origin rule for cookie-authenticated state changes', () => {
  const accepted = ['https://gestalt.example', 'http://app:3000'];
  it('lets safe methods, Bearer calls and our own origins through', () => {
    expect(isCrossSiteRequest('GET', headers({ origin: 'https://evil.example' }), accepted)).toBe(false);
    expect(isCrossSiteRequest('POST', headers({ origin: 'https://evil.example', authorization: 'Bearer t' }), accepted)).toBe(false);
    expect(isCrossSiteRequest('POST', headers({ origin: 'https://gestalt.example' }), accepted)).toBe(false);
    expect(isCrossSiteRequest('POST', headers({}), accepted)).toBe(false);
  });
  it('refuses a foreign or opaque origin, and a cross-site fetch without Origin', () => {
    expect(isCrossSiteRequest('POST', headers({ origin: 'https://evil.example' }), accepted)).toBe(true);
    expect(isCrossSiteRequest('POST', headers({ origin: 'null' }), accepted)).toBe(true);
    expect(isCrossSiteRequest('DELETE', headers({ 'sec-fetch-site': 'cross-site' }), accepted)).toBe(true);
  });
});
