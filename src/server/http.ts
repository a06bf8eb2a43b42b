import type { Body } from './edge.ts';

/** JSON answer; every error body is `{ message }` in the caller's language. */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers } });

/** Bodies read and checked once at the edge (src/middleware.ts), so routes never parse raw bytes themselves. */
const checkedBodies = new WeakMap<Request, Body>();

export const rememberBody = (request: Request, body: Body) => void checkedBodies.set(request, body);

/** The request's JSON body as checked at the edge; `null` when it has none or is not JSON, so validation reports it. */
export async function readJson(request: Request): Promise<unknown> {
  const body = checkedBodies.get(request);
  return body?.kind === 'json' ? body.value : null;
}

/** The request's form fields as checked at the edge; empty when it sent none. */
export function readForm(request: Request): URLSearchParams {
  const body = checkedBodies.get(request);
  return body?.kind === 'form' ? body.value : new URLSearchParams();
}

/**
 * Sets headers on a route's response, adding `vary` to its Vary list. Responses made by
 * `Response.redirect` have immutable headers: those are copied first.
 */
export function withHeaders(response: Response, headers: Record<string, string>, vary?: string): Response {
  let out = response;
  try {
    out.headers.has('x');
    for (const [k, v] of Object.entries(headers)) out.headers.set(k, v);
  } catch {
    out = new Response(response.body, response);
    for (const [k, v] of Object.entries(headers)) out.headers.set(k, v);
  }
  if (vary) {
    const list = (out.headers.get('vary') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (!list.some((h) => h.toLowerCase() === vary.toLowerCase())) out.headers.set('vary', [...list, vary].join(', '));
  }
  return out;
}
