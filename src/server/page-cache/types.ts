import type { Lang } from '../../i18n/index.ts';

/**
 * Who a page is rendered for, as far as the page cache is concerned: the language it is rendered in and the
 * signed-in user, if any. One visitor's copy of a URL is never another's.
 */
export type Visitor = { readonly lang: Lang; readonly user: string | null };

/** A session token's user as remembered by this process: a user, null for a dead session, undefined when it cannot tell. */
export type RecallSession = (token: string) => { id: string } | null | undefined;
