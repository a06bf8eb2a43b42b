import { escapeHtml, type Mail } from '../mailing/index.ts';
import { fillTemplate, greeting as greet, formatDate, formatMinor } from '../shared/text/index.ts';
import { hasSessionsAfter, purchaseInvitation, type Organizer } from './calendar-invites.ts';
import type { ConsentGiven } from './consents.ts';
import { confirmationTexts, withdrawalFormTexts } from './confirmation-texts.ts';
import type { ProductForSale, Terms } from './ports.ts';
import { lastDayOfWithdrawal } from './withdrawal-period.ts';

export { confirmationTexts, withdrawalFormTexts } from './confirmation-texts.ts';

/** Minor units as the buyer reads them: whole amounts as prices are shown ("199 zł"), others to the grosz ("199,50 PLN"). */
const moneyOfMinor = (amountMinor: number, currency: string, lang: 'pl' | 'en') =>
  formatMinor(amountMinor, currency, lang, amountMinor % 100 === 0 ? 'price' : 'ledger');

/** The terms in full, as the attached text file. */
const termsFileText = (terms: Terms) => `${terms.title}\n\n${terms.sections.map((s) => [s.heading, ...s.paragraphs].join('\n\n')).join('\n\n')}\n`;

/**
 * The purchase confirmation in the buyer's language: what was bought and for how much, the consents given word for
 * word (as recorded, whatever the catalogue says today), the terms' version with the terms attached, the last day of
 * the withdrawal period, the signed withdrawal link and the model withdrawal form; for an event still to come, the
 * calendar invitation with every session (METHOD:REQUEST, one stable UID per session of this purchase).
 */
export function confirmationMail(input: {
  buyer: { email: string; name: string; language: 'pl' | 'en' };
  product: ProductForSale;
  purchase: { purchaseId: string; amountMinor: number; currency: string; paidAt: Date; accessUntil: Date };
  consents: readonly ConsentGiven['data'][];
  terms: Terms;
  watchUrl: string;
  /** The buyer's personal join link (meetings), for a product with a live meeting still ahead; never the meeting's own URL. */
  joinUrl?: string;
  withdrawUrl: string;
  /** Who the model form is addressed to: the site and where to reach it. */
  trader: string;
  siteName: string;
  /** The invitations' ORGANIZER: the site's name and its mail's From address. */
  organizer: Organizer;
  now: Date;
}): Mail {
  const lang = input.buyer.language;
  const t = confirmationTexts[lang];
  const title = input.product.title[lang];
  const vars = {
    title, name: input.buyer.name, site: input.siteName, url: input.watchUrl, withdrawUrl: input.withdrawUrl, purchaseId: input.purchase.purchaseId, joinUrl: input.joinUrl ?? '',
    date: input.product.when?.[lang] ?? formatDate(input.product.liveAt, lang, 'dayTime'),
    amount: moneyOfMinor(input.purchase.amountMinor, input.purchase.currency, lang),
    purchased: formatDate(input.purchase.paidAt, lang, 'dayTime'),
    until: formatDate(input.purchase.accessUntil, lang, 'day'),
    lastDay: formatDate(lastDayOfWithdrawal(input.purchase.paidAt), lang, 'day'),
    termsVersion: input.terms.version, trader: input.trader,
  };
  const termsFile = fillTemplate(t.termsFile, vars);
  const given = new Set(input.consents.map((c) => c.kind));
  const upcoming = hasSessionsAfter(input.product, input.now);
  const fill = (l: string) => fillTemplate(l, { ...vars, termsFile });
  const lines = [
    greet(t.greeting, input.buyer.name), t.thanks, '', title, t.when, t.amount, t.purchased, t.reference, t.watch, ...(input.joinUrl ? [t.join] : []), t.access, '',
    ...(input.consents.length > 0 ? [t.consentsHeading] : [t.consentsNone]),
  ].map(fill);
  // Quoted as recorded: never filled as a template, never today's wording.
  const consents = input.consents.map((c) => `„${c.text}” (${c.version})`);
  const withdrawal = [
    t.withdrawal, ...(given.has('recordingEarly') ? [t.withdrawalRecording] : []), ...(given.has('earlyStart') ? [t.withdrawalService] : []),
    t.withdrawalLink, '', t.terms, ...(upcoming ? [t.calendar] : []),
  ].map(fill);
  const form = withdrawalFormTexts[lang].map(fill);
  const all = [...lines, ...consents, '', ...withdrawal, '', ...form, '', fill(t.signature)];
  const links = [input.watchUrl, ...(input.joinUrl ? [input.joinUrl] : []), input.withdrawUrl].map((url) => [escapeHtml(url), `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`] as const);
  const html = all.map((l) => (l === '' ? '' : `<p>${links.reduce((s, [plain, a]) => s.replace(plain, a), escapeHtml(l))}</p>`)).join('\n');
  return {
    to: input.buyer.email,
    subject: fillTemplate(t.subject, vars),
    text: all.join('\n'),
    html: `<!doctype html><html lang="${lang}"><body>${html}</body></html>`,
    attachments: [{ filename: termsFile, contentType: 'text/plain; charset=utf-8', content: termsFileText(input.terms) }],
    ...(upcoming ? { calendar: purchaseInvitation({ product: input.product, purchaseId: input.purchase.purchaseId, buyer: input.buyer,
      organizer: input.organizer, watchUrl: input.watchUrl, ...(input.joinUrl ? { joinUrl: input.joinUrl } : {}), stamp: input.now }) } : {}),
  };
}
