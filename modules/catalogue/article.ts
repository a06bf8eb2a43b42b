import { DomainError, nobody, type Decider } from '../shared/kernel/index.ts';
import { isWebLink, slugify } from '../shared/text/index.ts';

/** An article of the library (spec 3): a link to read elsewhere, opened in a new tab. */
export type Article = { key: string; title: string; description: string; link: string };

export type ArticlePublished = { type: 'ArticlePublished'; data: { article: Article } };
export type ArticleRemoved = { type: 'ArticleRemoved'; data: { key: string } };
export type ArticleEvent = ArticlePublished | ArticleRemoved;
export const articleStream = (key: string) => `article-${key}`;

/** The admin's form as typed: the decider trims it. */
export type PublishArticle = { type: 'PublishArticle'; key: string; title: string; description: string; link: string };
export type RemoveArticle = { type: 'RemoveArticle'; key: string };
export type ArticleCommand = PublishArticle | RemoveArticle;
export type ArticleState = { status: 'absent' | 'published' | 'removed' };

/** Spec 9: the article key's title part is at most 80 characters; the suffix has 6. */
const ARTICLE_SLUG_MAX = 80;
const ARTICLE_SUFFIX_LENGTH = 6;

/**
 * Six letters or digits drawn from a fresh id (the module's id source: random UUIDs in the server,
 * a counter in tests): the id folded to 32 bits (FNV-1a), written in base 36.
 */
export function articleSuffix(id: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return (hash % 36 ** ARTICLE_SUFFIX_LENGTH).toString(36).padStart(ARTICLE_SUFFIX_LENGTH, '0');
}

/** Spec 3 and 9: the title's slug (Polish letters without their marks) cut to 80 characters, a hyphen, the suffix. */
export function articleKey(title: string, suffix: string): string {
  const slug = slugify(title).slice(0, ARTICLE_SLUG_MAX).replace(/-+$/, '') || 'artykul';
  return `${slug}-${suffix}`;
}

/**
 * Spec 5: title, description and link are trimmed and all required (`article-invalid`, "Wszystkie pola
 * są wymagane."); the link must be an http(s) address (`article-link-invalid`). A key is used once
 * (`article-exists`); only a published article can be removed (`article-not-found`).
 */
export const articleDecider: Decider<ArticleCommand, ArticleEvent, ArticleState> = {
  initialState: () => ({ status: 'absent' }),
  /** The public library: through the catalogue's changes (changes.ts), not any one user. */
  concerns: { ArticlePublished: nobody, ArticleRemoved: nobody },
  evolve: (_state, event) => ({ status: event.type === 'ArticlePublished' ? 'published' : 'removed' }),
  decide(command, state) {
    switch (command.type) {
      case 'PublishArticle': {
        if (state.status !== 'absent') throw new DomainError('article-exists', { key: command.key });
        const [title, description, link] = [command.title.trim(), command.description.trim(), command.link.trim()];
        if (!title || !description || !link) throw new DomainError('article-invalid');
        if (!isWebLink(link)) throw new DomainError('article-link-invalid');
        return [{ type: 'ArticlePublished', data: { article: { key: command.key, title, description, link } } }];
      }
      case 'RemoveArticle':
        if (state.status !== 'published') throw new DomainError('article-not-found', { key: command.key });
        return [{ type: 'ArticleRemoved', data: { key: command.key } }];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
