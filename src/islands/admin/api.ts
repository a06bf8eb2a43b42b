import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../accounts/api.ts';

/**
 * An answer of our API: `status` 0 when the network failed; `message` is the server's, when it sent one; `body` the
 * refusal's whole JSON (e.g. its per-field `issues`).
 */
export type Reply<T> = { ok: boolean; status: number; data: T | null; message: string | null; body?: unknown };

export async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, headers: Record<string, string> = {},
): Promise<Reply<T>> {
  try {
    const init: RequestInit = { method, headers: { accept: 'application/json', ...headers }, credentials: 'same-origin' };
    if (body !== undefined) Object.assign(init, { headers: { ...init.headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const res = await fetch(path, init);
    const data = await res.json().catch(() => null) as unknown;
    const record = typeof data === 'object' && data !== null ? data as Record<string, unknown> : null;
    return { ok: res.ok, status: res.status, data: res.ok ? data as T : null, message: res.ok ? null : messageOf(record), body: res.ok ? undefined : data };
  } catch {
    return { ok: false, status: 0, data: null, message: null };
  }
}

export type Resource<T> =
  | { state: 'loading' }
  | { state: 'error'; message: string | null }
  | { state: 'ready'; data: T };

/** GETs `path` (nothing while it is null) and again on `reload()`; the last answer wins. */
export function useResource<T>(path: string | null): [Resource<T>, () => void] {
  const [resource, setResource] = useState<Resource<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (path === null) return undefined;
    let live = true;
    setResource((r) => (r.state === 'ready' ? r : { state: 'loading' }));
    void request<T>('GET', path).then((reply) => {
      if (!live) return;
      setResource(reply.ok && reply.data !== null ? { state: 'ready', data: reply.data } : { state: 'error', message: reply.message });
    });
    return () => { live = false; };
  }, [path, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return [resource, reload];
}
