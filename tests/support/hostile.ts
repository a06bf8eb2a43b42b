import fc from 'fast-check';
import { expect } from 'vitest';
import { bearer } from './accounts.ts';
import type { RunningServer } from './server.ts';

/** Text no form would send: binary, NUL, lone surrogates, SMTP and SQL injection, path traversal. */
export const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\r\n.\r\nMAIL FROM:<a@b>', '../../etc/passwd', '%00', '<script>', "'; drop table users; --",
    '=HYPERLINK("http://evil")', '@SUM(1+1)', '-1', '1e309', '9007199254740993', '2026-02-30T25:61:00Z', '\u202e'),
  fc.string({ maxLength: 20 }),
);

export const jsonish = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, hostileText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(hostileText, tie('value'), { maxKeys: 5 })),
})).value;

/** Request bodies built around the field names a route reads, in every format and none. */
export function hostileBodies(fieldNames: readonly string[]) {
  const fields = fc.dictionary(fc.constantFrom(...fieldNames), jsonish, { maxKeys: 8 });
  return fc.oneof(
    fields.map((f) => ({ type: 'application/json', data: JSON.stringify(f) as string | Uint8Array })),
    jsonish.map((v) => ({ type: 'application/json', data: JSON.stringify(v) ?? 'null' })),
    // JSON escapes for a NUL and a lone surrogate survive JSON.stringify only when written by hand.
    fc.constantFrom('{"email":"a\\u0000@b.pl","password":"x"}', '{"name":"\\ud800","email":"\\udc00"}', '{"a":', '[[[[[[[[[[').map((d) => ({ type: 'application/json', data: d })),
    fields.map((f) => ({ type: 'application/x-www-form-urlencoded', data: new URLSearchParams(Object.entries(f).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v) ?? ''])).toString() })),
    fc.uint8Array({ maxLength: 64 }).map((b) => ({ type: 'application/json', data: b })),
    fc.tuple(fc.constantFrom('text/plain', 'text/csv', 'multipart/form-data; boundary=x', 'application/xml', '', 'application/json; charset=latin1', 'form'),
      fc.string({ unit: 'binary', maxLength: 60 })).map(([type, data]) => ({ type, data })),
  );
}

/** Path parameters: broken escapes, traversal, huge, random ids, and (so the body's parsing is reached) real ones. */
export const hostilePathParam = (real: readonly string[] = []) => fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }).map(encodeURIComponent),
  fc.constantFrom('%ZZ', '%00', '%ED%A0%80', '%C0%AF', '..%2F..%2Fetc', '%', 'a%2', '%uD800', 'x'.repeat(3000)),
  fc.uuid(),
  ...(real.length > 0 ? [fc.constantFrom(...real)] : []),
);

/**
 * Sends `numRuns` requests made of a route (`{p}` for the path parameter), a method (its own or another), a body, a
 * caller (none, user, admin, by cookie, or forged) and an origin: none may answer 5xx, and a refusal of the request's
 * form answers a JSON message.
 */
export async function assertNoServerErrors(server: RunningServer, options: {
  routes: readonly (readonly [string, string])[]; fieldNames: readonly string[]; realParams?: readonly string[];
  token: string; adminToken: string; numRuns: number;
}) {
  const request = fc.record({
    route: fc.constantFrom(...options.routes),
    method: fc.oneof(fc.constant(null), fc.constantFrom('PUT', 'PATCH', 'DELETE', 'GET', 'POST')),
    param: hostilePathParam(options.realParams),
    body: hostileBodies(options.fieldNames),
    auth: fc.constantFrom('none', 'bearer', 'admin', 'cookie', 'junk-bearer', 'junk-cookie'),
    origin: fc.constantFrom('same', 'none', 'evil'),
    lang: fc.constantFrom('pl', 'en'),
  });
  await fc.assert(fc.asyncProperty(request, async (r) => {
    const method = r.method ?? r.route[0];
    const headers: Record<string, string> = { cookie: `lang=${r.lang}` };
    if (r.origin !== 'none') headers.origin = r.origin === 'same' ? server.url : 'https://evil.example';
    if (r.auth === 'bearer') Object.assign(headers, bearer(options.token));
    if (r.auth === 'admin') Object.assign(headers, bearer(options.adminToken));
    if (r.auth === 'junk-bearer') headers.authorization = 'Bearer x.y.z';
    if (r.auth === 'cookie') headers.cookie += `; session=${options.token}`;
    if (r.auth === 'junk-cookie') headers.cookie += '; session=%ZZ%00';
    const withBody = !['GET', 'HEAD'].includes(method);
    if (withBody && r.body.type) headers['content-type'] = r.body.type;
    const res = await fetch(`${server.url}${r.route[1].replaceAll('{p}', r.param)}`, {
      method, headers, redirect: 'manual', body: withBody ? r.body.data as BodyInit : undefined,
    });
    const text = await res.text();
    expect(res.status, `${method} ${r.route[1]} ${r.param.slice(0, 80)} → ${text.slice(0, 200)}`).toBeLessThan(500);
    if ([400, 405, 413, 415].includes(res.status) && res.headers.get('content-type')?.startsWith('application/json')) {
      expect(typeof (JSON.parse(text) as { message?: unknown }).message).toBe('string');
    }
  }), { numRuns: options.numRuns });
  expect(server.output()).not.toContain('"request failed"');
}
