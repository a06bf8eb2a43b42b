import { describe, expect, it } from 'vitest';
import { pageStore } from '../../../src/server/page-cache/registry.ts';
import { anonymous, signedIn } from '../../../src/server/page-cache/visitor.ts';

const page = (tags: string[]) => ({ status: 200, headers: [['content-type', 'text/html']] as [string, string][], tags });
const body = Buffer.from('<html><body>strona</body></html>'.repeat(50));

describe('a render that began before an invalidation concerning it is not stored', () => {
  const store = pageStore();

  it('given a public page being rendered, when only a user\'s answers are dropped, then the page is still stored', () => {
    const at = store.generation(anonymous('pl'));
    store.invalidate(['user:u-1']);
    expect(store.put(anonymous('pl'), '/seminaria?a=1', at, page(['catalogue']), body, 60, 'br')).not.toBeNull();
    expect(store.get(anonymous('pl'), '/seminaria?a=1')).toBeDefined();
  });

  it('given a public page being rendered, when the catalogue is invalidated, then it is not stored', () => {
    const at = store.generation(anonymous('pl'));
    store.invalidate(['catalogue']);
    expect(store.put(anonymous('pl'), '/seminaria?a=2', at, page(['catalogue']), body, 60, 'br')).toBeNull();
    expect(store.get(anonymous('pl'), '/seminaria?a=2')).toBeUndefined();
  });

  it('given a signed-in caller\'s copy being rendered, when any user\'s answers are dropped, then it is not stored', () => {
    const caller = signedIn('pl', 'u-2');
    const at = store.generation(caller);
    store.invalidate(['user:u-3']);
    expect(store.put(caller, '/profile', at, page(['user:u-2']), body, 60, 'br')).toBeNull();
  });
});
