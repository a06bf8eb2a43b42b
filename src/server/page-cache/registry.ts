/**
 * The page cache's one piece of process-wide state. Astro loads the cache provider (provider.ts) through a virtual
 * module of its own, named by path in astro.config.mjs, and whether the bundler then gives the provider the same copy
 * of these modules as the server entry depends on how it splits chunks (builds have held two copies: the provider
 * stored into one store while the front server read another, and an invalidation reached only one). Under one
 * `Symbol.for` key on globalThis there is one store whatever the chunking, and one way of recognising a session from
 * memory (set by the runtime at boot). Nothing else in src/ keeps state on globalThis.
 */
import type { PageStore } from './store.ts';

/** A session token's user as remembered by this process: a user, null for a dead session, undefined when it cannot tell. */
export type RecallSession = (token: string) => { id: string } | null | undefined;

type Registry = { store: PageStore | undefined; recall: RecallSession | undefined };

const KEY = Symbol.for('gestalt.pageCache');

/** This process's registry, made on first use by whichever copy of the module gets there first. */
export function registry(): Registry {
  const holder = globalThis as { [KEY]?: Registry };
  holder[KEY] ??= { store: undefined, recall: undefined };
  return holder[KEY];
}
