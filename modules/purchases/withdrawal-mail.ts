import { escapeHtml, type Mail } from '../mailing/index.ts';
import { fillTemplate, formatDate, formatMinor as formatAmount, greeting as greet } from '../shared/text/index.ts';
import type { WithdrawalReceived } from './withdrawal.ts';

/** The acknowledgement of a withdrawal (durable medium, Art. 11a) in both languages; tested for parity. */
export const acknowledgementTexts = {
  pl: {
    subject: 'Potwierdzenie odstąpienia od umowy: {title}',
    greeting: 'Dzień dobry {name},',
    received: 'potwierdzamy otrzymanie Twojego oświadczenia o odstąpieniu od umowy.',
    statementTitle: 'Treść oświadczenia:',
    statement: 'Ja, {name} ({email}), odstępuję od umowy zakupu „{title}” zawartej {paidAt}.',
    receivedAt: 'Data i godzina otrzymania: {receivedAt} (czas polski)',
    proRata: 'Za część usługi wykonaną do chwili odstąpienia: {proRata}',
    refund: 'Kwota zwrotu: {refund}. Zwrot trafi na kartę użytą do płatności.',
    access: 'Dostęp do materiału został zakończony.',
    signature: 'Zespół {site}',
  },
  en: {
    subject: 'Withdrawal acknowledged: {title}',
    greeting: 'Hello {name},',
    received: 'we confirm that we have received your statement of withdrawal from the contract.',
    statementTitle: 'Your statement:',
    statement: 'I, {name} ({email}), withdraw from the contract for “{title}” concluded on {paidAt}.',
    receivedAt: 'Date and time of receipt: {receivedAt} (Polish time)',
    proRata: 'For the part of the service provided until the withdrawal: {proRata}',
    refund: 'Amount refunded: {refund}. The refund goes back to the card you paid with.',
    access: 'Your access to the material has ended.',
    signature: 'The {site} team',
  },
} as const satisfies Record<'pl' | 'en', Record<string, string>>;

/** Minor units written with their two decimals ("1 234,50 PLN"): a pro-rata share is rarely whole. */
export const formatMinor = (amountMinor: number, currency: string, lang: 'pl' | 'en') => formatAmount(amountMinor, currency, lang, 'ledger');

export function acknowledgementMail(input: {
  buyer: { email: string; name: string; language: 'pl' | 'en' };
  title: { pl: string; en: string };
  withdrawal: WithdrawalReceived['data'];
  paidAt: Date;
  siteName: string;
}): Mail {
  const lang = input.buyer.language;
  const t = acknowledgementTexts[lang];
  const w = input.withdrawal;
  const vars = {
    title: input.title[lang], name: input.buyer.name, email: input.buyer.email, site: input.siteName,
    paidAt: formatDate(input.paidAt, lang, 'dayTime'), receivedAt: formatDate(new Date(w.receivedAt), lang, 'dayTime'),
    proRata: formatMinor(w.proRataMinor, w.currency, lang), refund: formatMinor(w.refundMinor, w.currency, lang),
  };
  const lines = [greet(t.greeting, input.buyer.name), t.received, '', t.statementTitle, t.statement, t.receivedAt, '',
    ...(w.proRataMinor > 0 ? [t.proRata] : []), t.refund, t.access, '', t.signature].map((l) => fillTemplate(l, vars));
  const html = lines.map((l) => (l === '' ? '' : `<p>${escapeHtml(l)}</p>`)).join('\n');
  return { to: input.buyer.email, subject: fillTemplate(t.subject, vars), text: lines.join('\n'), html: `<!doctype html><html lang="${lang}"><body>${html}</body></html>` };
}
