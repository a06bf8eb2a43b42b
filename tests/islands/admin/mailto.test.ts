import { describe, expect, it } from 'vitest';
import { QUOTE_LIMIT, replyLink } from '../../../src/islands/admin/mailto.ts';
import { hits } from '../../../src/islands/admin/search.ts';

const parts = (link: string) => {
  const at = link.indexOf('?');
  return { to: link.slice('mailto:'.length, at), query: new URLSearchParams(link.slice(at + 1)) };
};

describe('the inbox\'s reply link', () => {
  it('addresses the sender alone, even when the address holds characters that mean something in a URL', () => {
    const link = replyLink('ola+pytanie&cc=x?@example.com', 'Re: Temat', 'Ola:', 'Tekst');
    expect(link.startsWith('mailto:ola%2Bpytanie%26cc%3Dx%3F@example.com?subject=')).toBe(true);
    expect(decodeURIComponent(parts(link).to)).toBe('ola+pytanie&cc=x?@example.com');
    expect([...parts(link).query.keys()]).toEqual(['subject', 'body']);
  });
  it('has a "Re:" subject with %20 for spaces and the message quoted line by line with CRLF breaks', () => {
    const link = replyLink('jan@example.com', 'Re: Wiadomość przez formularz', '26.11.2026, Jan:', 'Pierwsza & druga\nlinia = 100%');
    expect(link).toContain('subject=Re%3A%20Wiadomo%C5%9B%C4%87%20przez%20formularz&');
    expect(link).not.toContain('+');
    expect(parts(link).query.get('body')).toBe('\r\n\r\n26.11.2026, Jan:\r\n> Pierwsza & druga\r\n> linia = 100%');
  });
  it('quotes a long message only in part, so the link stays short enough for mail programs', () => {
    const body = parts(replyLink('jan@example.com', 'Re: x', 'Jan:', 'x'.repeat(QUOTE_LIMIT * 3))).query.get('body')!;
    expect(body.length).toBeLessThan(QUOTE_LIMIT + 50);
    expect(body.endsWith('…')).toBe(true);
  });
});

describe('the users search\'s marks', () => {
  it('cuts what matched from the text as shown, case and Polish marks aside', () => {
    expect(hits('Żaneta Żółwińska', 'zolw')).toEqual([{ text: 'Żaneta ', hit: false }, { text: 'Żółw', hit: true }, { text: 'ińska', hit: false }]);
    expect(hits('Anna', '')).toEqual([{ text: 'Anna', hit: false }]);
    expect(hits('ana ana', 'ANA')).toEqual([{ text: 'ana', hit: true }, { text: ' ', hit: false }, { text: 'ana', hit: true }]);
  });
});
