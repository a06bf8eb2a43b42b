import { describe, expect, it } from 'vitest';
import { pageKey, pageStore } from '../../../src/server/page-cache-store.ts';

const page = (tags: string[]) => ({ status: 200, headers: [['content-type', 'text/html']] as [string, string][], tags });
const body = Buffer.from('<html><body>strona</body></html>'.repeat(50));

describe('a render that began before an invalidation concerning it is not stored', () => {
  const store = pageStore();

  it('given a public page being rendered, when only a user\'s answers are dropped, then the page is still stored', () => {
    const key = pageKey('/seminaria?a=1', 'pl');
    const at = store.generation(key);
    store.invalidate(['user:u-1']);
    expect(store.put(key, at, page(['catalogue']), body, 60, 'br')).not.toBeNull();
    expect(store.get(key)).toBeDefined();
  });

  it('given a public page being rendered, when the catalogue is invalidated, then it is not stored', () => {
    const key = pageKey('/seminaria?a=2', 'pl');
    const at = store.generation(key);
    store.invalidate(['catalogue']);
    expect(store.put(key, at, page(['catalogue']), body, 60, 'br')).toBeNull();
    expect(store.get(key)).toBeUndefined();
  });

  it('given a signed-in caller\'s copy being rendered, when any user\'s answers are dropped, then it is not stored', () => {
    const key = pageKey('/profile', 'pl u:u-2');
    const at = store.generation(key);
    store.invalidate(['user:u-3']);
    expect(store.put(key, at, page(['user:u-2']), body, 60, 'br')).toBeNull();
  });
});
