import { isIP } from 'node:net';
import { isTrustedProxy, plainAddress, type TrustProxy } from '../../modules/shared/config/index.ts';
import { bearerToken } from './session.ts';

/** Who is at the other end, as far as TRUST_PROXY lets us believe the forwarding headers. */
export type Client = {
  /** The client's address: for rate limits and logs. */
  ip: string;
  /** Whether the client reached us over https (directly or at a trusted proxy): cookies get `Secure`. */
  https: boolean;
  /** The origin the client addressed (scheme and host), or null when the host is missing or malformed. */
  origin: string | null;
};

type HeaderValue = string | string[] | undefined | null;
export type HeaderLookup = (name: string) => HeaderValue;

const listOf = (value: HeaderValue) => (Array.isArray(value) ? value.join(',') : value ?? '')
  .split(',').map((s) => s.trim()).filter(Boolean);

/** `[::1]:80`, `1.2.3.4:5678` and plain forms to a bare address; null when it is not one. */
function addressOf(entry: string): string | null {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(entry);
  const address = plainAddress(bracketed?.[1] ?? withPort?.[1] ?? entry);
  return isIP(address) ? address : null;
}

const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * Reads the client from the socket peer and, only when the peer is a trusted proxy, from
 * X-Forwarded-For/-Proto/-Host. Each proxy appends to X-Forwarded-For, so the chain is read from the
 * right: we stop at the first address that is not one of our proxies, which the client cannot forge.
 */
export function resolveClient(peer: string | undefined, header: HeaderLookup, trust: TrustProxy, encrypted = false): Client {
  const peerAddress = addressOf(peer ?? '') ?? 'unknown';
  const chain = [...listOf(header('x-forwarded-for')), peerAddress];
  let index = chain.length - 1;
  if (trust.kind === 'hops') index = Math.max(0, chain.length - 1 - trust.hops);
  if (trust.kind === 'addresses') while (index > 0 && isTrustedProxy(trust, chain[index]!)) index -= 1;
  const proxied = index < chain.length - 1;
  const ip = proxied ? addressOf(chain[index]!) ?? peerAddress : peerAddress;
  // The nearest proxy sets these last: its value is the one to believe.
  const proto = proxied ? listOf(header('x-forwarded-proto')).at(-1)?.toLowerCase() : undefined;
  const https = proto === undefined ? encrypted : proto === 'https';
  const forwardedHost = proxied ? listOf(header('x-forwarded-host')).at(-1) : undefined;
  const host = forwardedHost ?? listOf(header('host'))[0];
  return { ip, https, origin: host && HOST.test(host) ? `${https ? 'https' : 'http'}://${host.toLowerCase()}` : null };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state change that a browser may have sent from another site with our cookie attached. Browsers send
 * Origin on every cross-site POST; it must be the public origin or the one the client addressed. Calls
 * carrying a Bearer token hold no ambient credentials and are exempt.
 */
export function isCrossSiteRequest(method: string, header: HeaderLookup, acceptedOrigins: (string | null)[]): boolean {
  if (SAFE_METHODS.has(method)) return false;
  const authorization = header('authorization');
  if (typeof authorization === 'string' && bearerToken(authorization) !== null) return false;
  const origin = header('origin');
  if (typeof origin !== 'string') return header('sec-fetch-site') === 'cross-site';
  return !acceptedOrigins.includes(origin.toLowerCase());
}
