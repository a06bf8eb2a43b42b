import { BlockList, isIP } from 'node:net';

/**
 * Which reverse proxies may speak for the client (X-Forwarded-For, -Proto, -Host):
 * none, the nearest `hops` of them, or those at the listed addresses and networks.
 */
export type TrustProxy =
  | { kind: 'off' }
  | { kind: 'hops'; hops: number }
  | { kind: 'addresses'; list: BlockList; text: string };

/** IPv4 peers often arrive as IPv4-mapped IPv6 (`::ffff:10.0.0.1`); compare them as IPv4. */
export const plainAddress = (address: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address);

function addEntry(list: BlockList, entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(plainAddress(address));
  if (family === 0 || rest.length > 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (prefix === undefined) {
    list.addAddress(plainAddress(address), type);
    return true;
  }
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  if (bits < 0 || bits > (family === 4 ? 32 : 128)) return false;
  list.addSubnet(plainAddress(address), bits, type);
  return true;
}

/** `off`/`false`/`0`/empty, a hop count, or a comma-separated list of addresses and CIDRs; null when malformed. */
export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim();
  if (['', 'off', 'false', '0'].includes(text.toLowerCase())) return { kind: 'off' };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 32 ? { kind: 'hops', hops } : null;
  }
  const list = new BlockList();
  const entries = text.split(',').map((e) => e.trim()).filter(Boolean);
  if (entries.length === 0 || !entries.every((e) => addEntry(list, e))) return null;
  return { kind: 'addresses', list, text };
}

/** True when `address` (a peer that sent us forwarding headers) is a proxy we trust. */
export function isTrustedProxy(trust: TrustProxy, address: string): boolean {
  if (trust.kind !== 'addresses') return false;
  const plain = plainAddress(address);
  const family = isIP(plain);
  return family !== 0 && trust.list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}
