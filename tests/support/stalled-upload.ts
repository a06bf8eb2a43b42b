import { request, type ClientRequest } from 'node:http';

export type StalledEnd = { status: number; offset: string | null } | { error: string };

/**
 * A tus PATCH whose body stops part-way and never goes on, as from a phone that moved to another network: the
 * request says the whole `length` is coming, `first` goes out, and the connection stays open, silent. `ended` is
 * null while the server still waits for bytes; then the answer the server gave, or how the connection ended.
 */
export async function stalledPatch(url: string, headers: Record<string, string>, length: number, first: Uint8Array): Promise<{
  ended(): StalledEnd | null;
  close(): void;
}> {
  let ended: StalledEnd | null = null;
  const req: ClientRequest = request(url, {
    method: 'PATCH',
    headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(length) },
  });
  req.on('response', (res) => {
    ended ??= { status: res.statusCode ?? 0, offset: (res.headers['upload-offset'] as string | undefined) ?? null };
    res.resume();
  });
  req.on('error', (error) => { ended ??= { error: error.message }; });
  req.on('close', () => { ended ??= { error: 'closed' }; });
  // Handed to the kernel: the server reads it as fast as it takes it.
  await new Promise<void>((resolve, reject) => req.write(first, (error) => (error ? reject(error) : resolve())));
  return { ended: () => ended, close: () => req.destroy() };
}
