/**
 * Astro's Content-Security-Policy lists the hash of every inline script and style of the whole site on every page
 * (bench/README.md says how much). A public page kept in the page store is sent thousands of times, so once it is asked for again its
 * policy is narrowed (store.ts) to the hashes of the inline elements that page actually contains.
 * Narrowing only removes: a hash the page needs but Astro did not list stays refused, exactly as before; everything
 * but the hash lists is kept.
 */
import { createHash } from 'node:crypto';

/** Inline elements whose text a hash in script-src / style-src allows (an element with `src` is allowed by source). */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
const HAS_SRC = /\ssrc\s*=/i;
const HASH_SOURCE = /^'sha(256|384|512)-[A-Za-z0-9+/=_-]+'$/;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The hash sources of the inline scripts and styles in `html`, as CSP spells them. */
export function inlineHashes(html: string): Set<string> {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) if (!HAS_SRC.test(attributes!)) hashes.add(sha256(text!));
  for (const [, text] of html.matchAll(INLINE_STYLE)) hashes.add(sha256(text!));
  return hashes;
}

/** `policy` with its script-src and style-src hash sources cut down to those the page `html` uses. */
export function narrowPolicy(policy: string, html: string): string {
  const used = inlineHashes(html);
  return policy.split(';').map((directive) => {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name !== 'script-src' && name !== 'style-src') return directive;
    return [name, ...sources.filter((s) => !HASH_SOURCE.test(s) || used.has(s))].join(' ');
  }).join(';');
}

/** Headers of a page about to be stored, its policy narrowed (a no-op for answers that are not HTML). */
export function narrowedHeaders(headers: [string, string][], body: Buffer): [string, string][] {
  const type = headers.find(([name]) => name === 'content-type')?.[1] ?? '';
  if (!type.startsWith('text/html') || !headers.some(([name]) => name === 'content-security-policy')) return headers;
  const html = body.toString('utf8');
  return headers.map(([name, value]) => [name, name === 'content-security-policy' ? narrowPolicy(value, html) : value]);
}
