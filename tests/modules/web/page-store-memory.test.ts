import { describe, expect, it } from 'vitest';
import { compressAll } from '../../../src/server/page-cache/compression.ts';
import { pageStore } from '../../../src/server/page-cache/registry.ts';
import { anonymous, signedIn } from '../../../src/server/page-cache/visitor.ts';

const page = { status: 200, headers: [['content-type', 'text/html']] as [string, string][], tags: ['catalogue'] };
const html = Buffer.from('<article><h2>Seminarium</h2><p>Opis spotkania.</p></article>'.repeat(400));
/** The memory a Buffer keeps alive: the whole ArrayBuffer under it, not only its bytes. */
const held = (b: Buffer | undefined) => b?.buffer.byteLength;

describe('the page store holds what it counts', () => {
  const store = pageStore();

  it('given a public page stored, then each compressed body holds only its own bytes (not zlib\'s 64 KB chunk or a pooled slab)', () => {
    const stored = store.put(anonymous('pl'), '/seminaria', store.generation(anonymous('pl')), page, html, 60, 'br')!;
    expect(stored.bodies.br!.length).toBeLessThan(4_000);
    expect(held(stored.bodies.br)).toBe(stored.bodies.br!.length);
    expect(held(stored.bodies.gzip)).toBe(stored.bodies.gzip!.length);
  });

  it('given a signed-in caller\'s copy stored, then its one compressed body holds only its own bytes', () => {
    const caller = signedIn('pl', 'u-1');
    const stored = store.put(caller, '/', store.generation(caller), { ...page, tags: ['user:u-1'] }, html, 60, 'gzip')!;
    expect(held(stored.bodies.gzip)).toBe(stored.bodies.gzip!.length);
  });

  it('given a page compressed at the slow setting, then its bodies hold only their own bytes', async () => {
    const bodies = await compressAll(html);
    expect(held(bodies.br)).toBe(bodies.br.length);
    expect(held(bodies.gzip)).toBe(bodies.gzip.length);
  });
});
