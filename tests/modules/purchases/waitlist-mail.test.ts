import { describe, expect, it } from 'vitest';
import { waitlistOfferTexts } from '../../../modules/purchases/index.ts';
import { waitlistOfferMail } from '../../../modules/purchases/waitlist-mail.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the waiting list offer mail', () => {
  it('has every text in both languages with the same placeholders', () => {
    expect(Object.keys(waitlistOfferTexts.en).sort()).toEqual(Object.keys(waitlistOfferTexts.pl).sort());
    for (const key of Object.keys(waitlistOfferTexts.pl) as (keyof typeof waitlistOfferTexts.pl)[]) {
      expect(placeholders(waitlistOfferTexts.en[key]), key).toEqual(placeholders(waitlistOfferTexts.pl[key]));
    }
  });

  it('says in Polish until when the seat is held (Warsaw time), and escapes the title in its HTML', () => {
    const mail = waitlistOfferMail({
      to: 'ewa@example.com', name: 'Ewa', language: 'pl', title: { pl: 'Trening <oddechu> & ciała', en: 'Breath' },
      expiresAt: new Date('2026-10-25T09:30:00.000Z'), buyUrl: 'https://s.test/video-details/t?kup=1', declineUrl: 'https://s.test/oferta/abc.def', siteName: 'Gestalt Online',
    });
    expect(mail.subject).toBe('Zwolniło się miejsce: „Trening <oddechu> & ciała”');
    // 25 October 2026 is the last Sunday of October: 09:30Z is 10:30 in Warsaw (winter time from 03:00).
    expect(mail.text).toContain('10:30');
    expect(mail.text).toContain('https://s.test/oferta/abc.def');
    expect(mail.html).toContain('Trening &lt;oddechu&gt; &amp; ciała');
    expect(mail.html).toContain('<a href="https://s.test/oferta/abc.def">');
  });
});
