import { describe, expect, it } from 'vitest';
import { articleDecider, articleKey, articleSuffix, type ArticleEvent, type PublishArticle } from '../../../modules/catalogue/article.ts';
import { deciderSpec } from '../../../modules/shared/kernel/spec.ts';

const articles = deciderSpec(articleDecider);
const publish: PublishArticle = { type: 'PublishArticle', key: 'zolc-i-laka-abc123', title: '  Żółć i łąka  ', description: ' Opis ', link: ' https://example.org/a ' };
const article = { key: 'zolc-i-laka-abc123', title: 'Żółć i łąka', description: 'Opis', link: 'https://example.org/a' };
const published: ArticleEvent = { type: 'ArticlePublished', data: { article } };
const removed: ArticleEvent = { type: 'ArticleRemoved', data: { key: 'zolc-i-laka-abc123' } };

describe('a new article (spec 5: title, description and link trimmed and all required)', () => {
  it('is published trimmed', () => articles.given([]).when(publish).then([published]));
  for (const field of ['title', 'description', 'link'] as const) {
    it(`is refused with "Wszystkie pola są wymagane." when the ${field} is only spaces`, () =>
      articles.given([]).when({ ...publish, [field]: '   ' }).thenThrows('article-invalid'));
  }
  it('is published with an http link as well as an https one', () =>
    articles.given([]).when({ ...publish, link: 'http://example.org/a' })
      .then([{ type: 'ArticlePublished', data: { article: { ...article, link: 'http://example.org/a' } } }]));
  for (const link of ['javascript:alert(1)', 'ftp://example.org/a', 'example.org/a']) {
    it(`is refused when the link is not an http(s) address: ${link}`, () =>
      articles.given([]).when({ ...publish, link }).thenThrows('article-link-invalid'));
  }
  it('cannot be removed', () => articles.given([]).when({ type: 'RemoveArticle', key: publish.key }).thenThrows('article-not-found'));
});

describe('a published article', () => {
  it('is not published again under its key', () => articles.given([published]).when(publish).thenThrows('article-exists'));
  it('is removed', () => articles.given([published]).when({ type: 'RemoveArticle', key: publish.key }).then([removed]));
});

describe('a removed article', () => {
  it('cannot be removed twice', () => articles.given([published, removed]).when({ type: 'RemoveArticle', key: publish.key }).thenThrows('article-not-found'));
});

describe('the article key (spec 3, 9: the title slug of at most 80 characters plus a 6-character suffix)', () => {
  it('transliterates Polish letters and joins words by hyphens', () =>
    expect(articleKey('Żółć, łąka i „źdźbło”: Ślęża', 'abc123')).toBe('zolc-laka-i-zdzblo-sleza-abc123'));
  it('keeps a slug of exactly 80 characters whole', () => expect(articleKey('a'.repeat(80), 'abc123')).toBe(`${'a'.repeat(80)}-abc123`));
  it('cuts a slug of 81 characters to 80', () => expect(articleKey('b'.repeat(81), 'abc123')).toBe(`${'b'.repeat(80)}-abc123`));
  it('drops a hyphen left at the cut', () => expect(articleKey(`${'c'.repeat(79)} dalej`, 'abc123')).toBe(`${'c'.repeat(79)}-abc123`));
  it('names an article whose title has no letters or digits', () => expect(articleKey('—', 'abc123')).toBe('artykul-abc123'));
  it('draws a 6-character suffix of letters and digits from a fresh id, different for different ids', () => {
    const suffixes = ['id-1', 'id-2', '5f0c1e9a-8b7d-4c3e-9f2a-1b0c9d8e7f6a'].map(articleSuffix);
    for (const s of suffixes) expect(s).toMatch(/^[a-z0-9]{6}$/);
    expect(new Set(suffixes).size).toBe(3);
  });
});
