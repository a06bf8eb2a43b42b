/** JSON POST to our own API. `data` is null when the answer is not JSON; `status` 0 when the network failed. */
export async function postJson(path: string, body: unknown): Promise<{ status: number; data: Record<string, unknown> | null }> {
  try {
    const res = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
    const data = await res.json().catch(() => null) as unknown;
    return { status: res.status, data: typeof data === 'object' && data !== null ? data as Record<string, unknown> : null };
  } catch {
    return { status: 0, data: null };
  }
}

export const messageOf = (data: Record<string, unknown> | null): string | null =>
  typeof data?.['message'] === 'string' && data['message'] !== '' ? data['message'] : null;

/** The spec's timings: messages stay 2 seconds, redirects wait 3. */
export const MESSAGE_MS = 2000;
export const REDIRECT_MS = 3000;
