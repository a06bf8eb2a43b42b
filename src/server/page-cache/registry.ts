/**
 * The page cache's one piece of process-wide state. Astro loads the cache provider (provider.ts) through a virtual
 * module of its own, named by path in astro.config.mjs, and whether the bundler then gives the provider the same copy
 * of these modules as the server entry depends on how it splits chunks (builds have held two copies: the provider
 * stored into one store while the front server read another, and an invalidation reached only one). Under one
 * `Symbol.for` key on globalThis there is one store whatever the chunking, and one way of recognising a session from
 * memory (set by the runtime at boot). Nothing else in src/ keeps state on globalThis.
 */
import { createPageStore, type PageStore } from './store.ts';
import type { RecallSession } from './types.ts';

type Registry = {
  store: PageStore | undefined;
  recall: RecallSession | undefined;
  /** True while the event log holds something this process has not applied (nothing is answered from the store). */
  behind: () => boolean;
};

const KEY = Symbol.for('gestalt.pageCache');

/** This process's registry, made on first use by whichever copy of the module gets there first. */
export function registry(): Registry {
  const holder = globalThis as { [KEY]?: Registry };
  holder[KEY] ??= { store: undefined, recall: undefined, behind: () => false };
  return holder[KEY];
}

/** Lets the page cache hold back stored answers while this process has not applied every committed event (the runtime). */
export function holdPagesWhileBehind(behind: () => boolean) {
  registry().behind = behind;
}

/** The one store of this process, shared by the front server and Astro's provider. */
export function pageStore(): PageStore {
  const shared = registry();
  shared.store ??= createPageStore();
  return shared.store;
}
