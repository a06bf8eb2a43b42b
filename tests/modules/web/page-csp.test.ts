import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { narrowedHeaders, narrowPolicy } from '../../../src/server/page-cache/csp.ts';

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const SCRIPT = 'console.log("island")';
const STYLE = ':root{--ink:#1f2a24}';
const OTHER_PAGE_SCRIPT = 'alert(1)';
const POLICY = `default-src 'self';img-src 'self' data:;script-src 'self' ${hashOf(SCRIPT)} ${hashOf(OTHER_PAGE_SCRIPT)};`
  + ` style-src 'self' ${hashOf(STYLE)} 'sha256-AAAA'; style-src-attr 'unsafe-inline';`;

describe('a stored page keeps only the policy hashes of its own inline scripts and styles', () => {
  it('given a page with one inline script and one style, when narrowed, then only their hashes remain and every other directive is unchanged', () => {
    const html = `<html><head><style>${STYLE}</style></head><body><script type="module">${SCRIPT}</script><script src="/_astro/a.js"></script></body></html>`;
    const narrowed = narrowPolicy(POLICY, html);
    expect(narrowed).toContain(`script-src 'self' ${hashOf(SCRIPT)}`);
    expect(narrowed).not.toContain(hashOf(OTHER_PAGE_SCRIPT));
    expect(narrowed).toContain(`style-src 'self' ${hashOf(STYLE)}`);
    expect(narrowed).not.toContain('sha256-AAAA');
    expect(narrowed).toContain("default-src 'self';img-src 'self' data:;");
    expect(narrowed).toContain("style-src-attr 'unsafe-inline'");
  });

  it('given a page with an inline script the site policy does not list, when narrowed, then it is still not allowed', () => {
    const narrowed = narrowPolicy(POLICY, `<script>${'fetch("/steal")'}</script>`);
    expect(narrowed).not.toContain(hashOf('fetch("/steal")'));
    expect(narrowed).toMatch(/script-src 'self'(;|$)/);
  });

  it('given an answer that is not HTML, when its headers are narrowed, then they are unchanged', () => {
    const headers: [string, string][] = [['content-type', 'application/json'], ['content-security-policy', POLICY]];
    expect(narrowedHeaders(headers, Buffer.from(`{"a":"<script>${SCRIPT}</script>"}`))).toEqual(headers);
  });
});
