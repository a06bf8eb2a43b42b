/** Why a submission could not be completed now; every reason is worth retrying later, none says the invoice is wrong. */
export type UnavailableReason = 'unreachable' | 'timeout' | 'server-error' | 'rate-limited' | 'auth' | 'still-processing';

/**
 * KSeF could not take or judge the invoice now: network failure, timeout, a 5xx, a 429 (with `retryAfterMs` from
 * its Retry-After), KSeF still processing past our patience, or the seller's credentials refused (`reason: 'auth'`).
 * The invoice itself was not refused, so the caller keeps it queued and retries; the message says what happened.
 */
export class KsefUnavailable extends Error {
  override readonly name = 'KsefUnavailable';
  // Fields assigned by hand, not as parameter properties: Node runs this file with its types stripped (scripts, bench).
  readonly reason: UnavailableReason;
  readonly retryAfterMs: number | null;
  constructor(message: string, reason: UnavailableReason, retryAfterMs: number | null = null) {
    super(message);
    this.reason = reason;
    this.retryAfterMs = retryAfterMs;
  }
}

/** A 4xx answer with KSeF's own error code (ExceptionResponse or problem details); the client decides what it means. */
export class KsefApiError extends Error {
  override readonly name = 'KsefApiError';
  readonly httpStatus: number;
  readonly code: number;
  readonly description: string;
  readonly details: string[];
  readonly where: string;
  constructor(httpStatus: number, code: number, description: string, details: string[], where: string) {
    super(`KSeF answered ${httpStatus} to ${where}: ${code ? `${code} ` : ''}${description}${details.length ? ` (${details.join('; ')})` : ''}`);
    this.httpStatus = httpStatus;
    this.code = code;
    this.description = description;
    this.details = details;
    this.where = where;
  }
}

type KsefCall = { method: 'GET' | 'POST'; path: string; body?: unknown; bearer?: string; xml?: boolean };

type ErrorBody = {
  exception?: { exceptionDetailList?: { exceptionCode?: number; exceptionDescription?: string | null; details?: string[] | null }[] | null } | null;
  errors?: { code?: number; description?: string; details?: string[] | null }[];
  title?: string; detail?: string; reasonCode?: string;
};

/** KSeF's first error, whichever of its two formats (ExceptionResponse, deprecated; or problem details) it answered in. */
function apiError(status: number, text: string, where: string): KsefApiError {
  let body: ErrorBody = {};
  try { body = JSON.parse(text) as ErrorBody; } catch { /* not JSON: described by the status alone */ }
  const legacy = body.exception?.exceptionDetailList?.[0];
  if (legacy) return new KsefApiError(status, legacy.exceptionCode ?? 0, legacy.exceptionDescription ?? '', legacy.details ?? [], where);
  const problem = body.errors?.[0];
  if (problem) return new KsefApiError(status, problem.code ?? 0, problem.description ?? body.detail ?? '', problem.details ?? [], where);
  const detail = [body.detail, body.reasonCode].filter((s): s is string => !!s);
  return new KsefApiError(status, 0, body.title ?? `HTTP ${status}`, detail, where);
}

/** Retry-After is delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * One request to KSeF, bounded by `timeoutMs` (body included). Answers the parsed JSON (or the text, for `xml`);
 * throws KsefUnavailable for what retrying may cure, KsefApiError for a 4xx.
 */
export function createTransport(baseUrl: string, fetchImpl: typeof fetch, timeoutMs: number, now: () => number) {
  const base = baseUrl.replace(/\/+$/, '');
  return async function call<T>({ method, path, body, bearer, xml }: KsefCall): Promise<T> {
    const where = `${method} ${path}`;
    const headers: Record<string, string> = { accept: xml ? 'application/xml' : 'application/json', 'x-error-format': 'problem-details' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    let status: number;
    let text: string;
    let retryAfter: string | null;
    try {
      const res = await fetchImpl(base + path, {
        method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.status;
      retryAfter = res.headers.get('retry-after');
      text = await res.text();
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new KsefUnavailable(`KSeF did not answer ${where} within ${timeoutMs} ms`, 'timeout');
      }
      const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
      throw new KsefUnavailable(`KSeF could not be reached (${where}): ${cause?.code ?? cause?.message ?? (error as Error).message}`, 'unreachable');
    }
    if (status === 429) {
      const wait = retryAfterMs(retryAfter, now());
      throw new KsefUnavailable(`KSeF is limiting requests (429 to ${where})${wait === null ? '' : `; retry after ${Math.ceil(wait / 1000)} s`}`, 'rate-limited', wait);
    }
    if (status >= 500) {
      const wait = retryAfterMs(retryAfter, now());
      throw new KsefUnavailable(`KSeF answered ${status} to ${where}`, 'server-error', wait);
    }
    if (status >= 400) throw apiError(status, text, where);
    if (status < 200 || status >= 300) throw new KsefUnavailable(`KSeF answered an unexpected ${status} to ${where}`, 'server-error');
    if (xml) return text as T;
    if (text === '') return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new KsefUnavailable(`KSeF answered ${where} with something other than JSON`, 'server-error');
    }
  };
}

export type Transport = ReturnType<typeof createTransport>;
