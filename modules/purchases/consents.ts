/**
 * The consents a buyer gives at checkout, as recorded: the exact wording shown, its language, version and hash, and
 * the provision it serves. The wording lives here, one key per version: a new wording is a new key (and version),
 * never an edit of an old one, and what an earlier buyer agreed to stays in their ConsentGiven events whatever the
 * catalogue says today. The institute's lawyer approves the wording.
 */
import { createHash } from 'node:crypto';
import { DomainError } from '../shared/kernel/index.ts';
import type { Lang } from '../shared/text/index.ts';
import { type ConsentKind } from './withdrawal-period.ts';

/** The wording of each consent, per version, in both languages (a message catalogue of this module; tested for parity). */
export const consentTexts = {
  pl: {
    'consent.earlyStart.v1': 'Żądam rozpoczęcia świadczenia usługi (udziału w wydarzeniu na żywo) przed upływem 14-dniowego terminu do odstąpienia od umowy. '
      + 'Przyjmuję do wiadomości, że po pełnym wykonaniu usługi utracę prawo odstąpienia od umowy, a jeśli odstąpię od umowy po rozpoczęciu '
      + 'świadczenia, zapłacę za usługę wykonaną do chwili odstąpienia.',
    'consent.recordingEarly.v1': 'Wyrażam zgodę na dostarczenie nagrania (treści cyfrowej) przed upływem 14-dniowego terminu do odstąpienia od umowy. '
      + 'Przyjmuję do wiadomości, że z chwilą rozpoczęcia dostarczania nagrania (jego pierwszego otwarcia) utracę prawo odstąpienia od umowy.',
  },
  en: {
    'consent.earlyStart.v1': 'I request that the service (taking part in the live event) starts before the 14-day withdrawal period ends. '
      + 'I acknowledge that I will lose the right of withdrawal once the service has been fully performed, and that if I withdraw after it '
      + 'has started, I will pay for the service provided until I withdraw.',
    'consent.recordingEarly.v1': 'I consent to receiving the recording (digital content) before the 14-day withdrawal period ends. '
      + 'I acknowledge that I lose the right of withdrawal once its delivery begins (when I first open the recording).',
  },
} as const satisfies Record<Lang, Record<string, string>>;

type ConsentKey = keyof (typeof consentTexts)['pl'];

/** The wording shown today for each kind: a new version is a new key above, then named here. */
const CURRENT_CONSENTS: Record<ConsentKind, { version: string; key: ConsentKey }> = {
  earlyStart: { version: 'v1', key: 'consent.earlyStart.v1' },
  recordingEarly: { version: 'v1', key: 'consent.recordingEarly.v1' },
};

/** The provisions under which each consent ends (or limits) the right of withdrawal. */
const LEGAL_BASIS: Record<ConsentKind, string> = {
  earlyStart: 'Art. 38 ust. 1 pkt 1 i art. 35 ustawy o prawach konsumenta; art. 8 ust. 8, art. 14 ust. 3 i art. 16 lit. a dyrektywy 2011/83/UE',
  recordingEarly: 'Art. 38 ust. 1 pkt 13 ustawy o prawach konsumenta; art. 16 lit. m dyrektywy 2011/83/UE',
};

export type ConsentGiven = {
  type: 'ConsentGiven';
  data: { purchaseId: string; kind: ConsentKind; text: string; lang: Lang; version: string; hash: string; legalBasis: string; at: string };
};

/** The wording a buyer reading `lang` is shown today for a consent. */
export function consentWording(kind: ConsentKind, lang: Lang): { kind: ConsentKind; version: string; text: string } {
  const current = CURRENT_CONSENTS[kind];
  return { kind, version: current.version, text: consentTexts[lang][current.key] };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The consents as they will be recorded: today's wording in the buyer's language, hashed, at the checkout's instant. */
export function consentsGiven(purchaseId: string, kinds: readonly ConsentKind[], lang: Lang, at: string): ConsentGiven['data'][] {
  return kinds.map((kind) => {
    const { version, text } = consentWording(kind, lang);
    return { purchaseId, kind, text, lang, version, hash: sha256(text), legalBasis: LEGAL_BASIS[kind], at };
  });
}

/**
 * The consents given must be exactly those needed: `consent-missing` when one is absent, `consent-not-needed` when
 * one is given that the product does not need (a checkout never records an agreement to something not sold).
 * Both carry the consents needed, so an API client can show them.
 */
export function refuseConsents(needed: readonly ConsentKind[], given: readonly string[]): void {
  if (given.some((kind) => !(needed as readonly string[]).includes(kind))) throw new DomainError('consent-not-needed', { consents: [...needed] });
  if (needed.some((kind) => !given.includes(kind))) throw new DomainError('consent-missing', { consents: [...needed] });
}
