import { escapeHtml, type Mail } from '../mailing/index.ts';
import { fillTemplate, greeting as greet, formatMinor } from '../shared/text/index.ts';
import type { ProductForSale } from './ports.ts';

/** The duplicate-payment refund notice in both languages (a message catalogue of this module; tested for parity). */
export const refundTexts = {
  pl: {
    subject: 'Zwrot podwójnej płatności: {title}',
    greeting: 'Dzień dobry {name},',
    what: 'otrzymaliśmy drugą płatność za materiał, do którego masz już dostęp. Nie pobieramy opłaty dwa razy, więc zwróciliśmy ją w całości.',
    amount: 'Kwota zwrotu: {amount}',
    when: 'Zwrot trafi na kartę użytą do płatności, zwykle w ciągu 5–10 dni roboczych (zależnie od banku).',
    access: 'Twój dostęp się nie zmienia: {url}',
    reference: 'Numer zwrotu: {refund}',
    signature: 'Zespół {site}',
  },
  en: {
    subject: 'Duplicate payment refunded: {title}',
    greeting: 'Hello {name},',
    what: 'we received a second payment for material you already have access to. We never charge twice, so we have refunded it in full.',
    amount: 'Amount refunded: {amount}',
    when: 'The refund goes back to the card you paid with, usually within 5–10 business days (depending on your bank).',
    access: 'Your access is unchanged: {url}',
    reference: 'Refund reference: {refund}',
    signature: 'The {site} team',
  },
} as const satisfies Record<'pl' | 'en', Record<string, string>>;

export function refundMail(input: {
  buyer: { email: string; name: string; language: 'pl' | 'en' };
  product: ProductForSale;
  refund: { amountMinor: number; currency: string; providerRefundId: string };
  watchUrl: string;
  siteName: string;
}): Mail {
  const lang = input.buyer.language;
  const t = refundTexts[lang];
  const title = input.product.title[lang];
  const vars = {
    title, name: input.buyer.name, site: input.siteName, url: input.watchUrl, refund: input.refund.providerRefundId,
    amount: formatMinor(input.refund.amountMinor, input.refund.currency, lang),
  };
  const lines = [greet(t.greeting, input.buyer.name), t.what, '', title, t.amount, t.when, t.reference, '', t.access, '', t.signature].map((l) => fillTemplate(l, vars));
  const link = `<a href="${escapeHtml(input.watchUrl)}">${escapeHtml(input.watchUrl)}</a>`;
  const html = lines.map((l) => (l === '' ? '' : `<p>${escapeHtml(l).replace(escapeHtml(input.watchUrl), link)}</p>`)).join('\n');
  return {
    to: input.buyer.email,
    subject: fillTemplate(t.subject, vars),
    text: lines.join('\n'),
    html: `<!doctype html><html lang="${lang}"><body>${html}</body></html>`,
  };
}

/** The notice of a refund asked by the admin, a withdrawal or made at the provider (both languages; tested for parity). */
export const refundNoticeTexts = {
  pl: {
    subject: 'Zwrot płatności: {title}',
    greeting: 'Dzień dobry {name},',
    what: 'zwróciliśmy Ci część lub całość płatności za ten materiał.',
    amount: 'Kwota zwrotu: {amount}',
    when: 'Zwrot trafi na kartę użytą do płatności, zwykle w ciągu 5–10 dni roboczych (zależnie od banku).',
    ended: 'Dostęp do materiału wygasł wraz ze zwrotem. Możesz go kupić ponownie w każdej chwili.',
    calendar: 'W załączeniu odwołanie terminów: Twój kalendarz usunie je po otwarciu.',
    kept: 'Twój dostęp się nie zmienia: {url}',
    reference: 'Numer zwrotu: {refund}',
    signature: 'Zespół {site}',
  },
  en: {
    subject: 'Payment refunded: {title}',
    greeting: 'Hello {name},',
    what: 'we have refunded part or all of your payment for this material.',
    amount: 'Amount refunded: {amount}',
    when: 'The refund goes back to the card you paid with, usually within 5–10 business days (depending on your bank).',
    ended: 'Your access to the material ended with the refund. You may buy it again at any time.',
    calendar: 'The cancellation of the sessions is attached: your calendar removes them when you open it.',
    kept: 'Your access is unchanged: {url}',
    reference: 'Refund reference: {refund}',
    signature: 'The {site} team',
  },
} as const satisfies Record<'pl' | 'en', Record<string, string>>;

/**
 * The buyer's notice of one refund (amount in minor units), saying whether access ended with it; with `calendar`, the
 * withdrawal of the invitation's sessions (METHOD:CANCEL) travels with it.
 */
export function refundNoticeMail(input: {
  buyer: { email: string; name: string; language: 'pl' | 'en' };
  product: ProductForSale;
  refund: { amountMinor: number; currency: string; refundId: string; accessEnded: boolean };
  watchUrl: string;
  siteName: string;
  calendar?: Mail['calendar'];
}): Mail {
  const lang = input.buyer.language;
  const t = refundNoticeTexts[lang];
  const title = input.product.title[lang];
  const vars = {
    title, name: input.buyer.name, site: input.siteName, url: input.watchUrl, refund: input.refund.refundId,
    amount: formatMinor(input.refund.amountMinor, input.refund.currency, lang, 'ledger'),
  };
  const lines = [greet(t.greeting, input.buyer.name), t.what, '', title, t.amount, t.when, t.reference, '', input.refund.accessEnded ? t.ended : t.kept,
    ...(input.calendar ? [t.calendar] : []), '', t.signature]
    .map((l) => fillTemplate(l, vars));
  const html = lines.map((l) => (l === '' ? '' : `<p>${escapeHtml(l)}</p>`)).join('\n');
  return {
    to: input.buyer.email,
    subject: fillTemplate(t.subject, vars),
    text: lines.join('\n'),
    html: `<!doctype html><html lang="${lang}"><body>${html}</body></html>`,
    ...(input.calendar ? { calendar: input.calendar } : {}),
  };
}
