import { randomBytes } from 'node:crypto';

/** An article of the library (spec 3): a link to read elsewhere, opened in a new tab. */
export type Article = { key: string; title: string; description: string; link: string };

export type ArticlePublished = { type: 'ArticlePublished'; data: { article: Article } };
export type ArticleRemoved = { type: 'ArticleRemoved'; data: { key: string } };
export type ArticleEvent = ArticlePublished | ArticleRemoved;
export const articleStream = (key: string) => `article-${key}`;

const SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Lower-case ASCII words joined by hyphens; Polish letters lose their marks (ł → l). */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/ł/g, 'l')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Spec 9: the title's slug cut to 80 characters, plus a random 6-character suffix. */
export function articleKey(title: string, random: () => Buffer = () => randomBytes(6)): string {
  const slug = slugify(title).slice(0, 80).replace(/-+$/, '') || 'artykul';
  const suffix = [...random()].map((b) => SUFFIX_ALPHABET[b % SUFFIX_ALPHABET.length]).join('');
  return `${slug}-${suffix}`;
}

/** Title, description and link are trimmed and all required; the link must be http(s). */
export function validArticle(input: { title: string; description: string; link: string }): Omit<Article, 'key'> | null {
  const title = input.title.trim();
  const description = input.description.trim();
  const link = input.link.trim();
  if (!title || !description || !link) return null;
  if (!URL.canParse(link) || !['http:', 'https:'].includes(new URL(link).protocol)) return null;
  return { title, description, link };
}
