// Replaces every demo picture of a bench server with photographs uploaded through the panel's API, as an operator
// would: each product's thumbnail and each facilitator's photo become responsive AVIF/WebP/JPEG variants.
import sharp from 'sharp';
import type { RunningServer } from '../tests/support/server.ts';

/** A photograph-like picture (smooth colour fields, some grain) of the size a camera or phone gives. */
async function photo(seed: number, width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const grain = await sharp({ create: { width, height, channels: 3, background: { r: 40 + seed * 30, g: 110, b: 90 + seed * 20 }, noise: { type: 'gaussian', mean: 120, sigma: 60 } } })
    .blur(12).jpeg({ quality: 90 }).toBuffer();
  return new Uint8Array(await sharp(grain).modulate({ saturation: 1.4 }).jpeg({ quality: 90 }).toBuffer());
}

export async function uploadPhotos(server: RunningServer, token: string): Promise<void> {
  const auth = { authorization: `Bearer ${token}` };
  const upload = async (bytes: Uint8Array<ArrayBuffer>) => {
    const res = await fetch(`${server.url}/api/admin/media?kind=image`, { method: 'POST', body: bytes, headers: auth });
    if (!res.ok) throw new Error(`upload refused: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { path: string }).path;
  };
  const send = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${server.url}${path}`, { method, body: JSON.stringify(body), headers: { ...auth, 'content-type': 'application/json' } });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  };
  const products = (await (await fetch(`${server.url}/api/admin/products`, { headers: auth })).json()) as Record<string, unknown>[];
  for (const [i, product] of products.entries()) {
    const { key, date: _date, channel: _channel, avatar: _avatar, teachers: _teachers, ...input } = product;
    await send('PUT', `/api/admin/products/${String(key)}`, { ...input, thumbnail: await upload(await photo(i, 3000, 2000)) });
  }
  const people = (await (await fetch(`${server.url}/api/admin/facilitators`, { headers: auth })).json()) as Record<string, unknown>[];
  for (const [i, person] of people.entries()) {
    const { id, position: _position, ...fields } = person;
    await send('PUT', `/api/admin/facilitators/${String(id)}`, { ...fields, avatar: await upload(await photo(i, 1600, 1600)) });
  }
}
