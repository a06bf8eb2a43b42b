/**
 * KOD I, the verification link an invoice sent to KSeF carries as a QR code on its printed form (kody-qr.md in
 * ../shared/ksef/): anyone scanning it sees whether KSeF holds exactly this XML, for this seller and issue date.
 */
import { createHash } from 'node:crypto';
import { checkNip } from '../shared/text/index.ts';

/** The QR addresses of KSeF's environments: test (TE), pre-production (DEMO) and production (PRD). */
export const KSEF_QR_BASE = {
  TE: 'https://qr-test.ksef.mf.gov.pl',
  DEMO: 'https://qr-demo.ksef.mf.gov.pl',
  PRD: 'https://qr.ksef.mf.gov.pl',
} as const;

/** What is printed under the code until KSeF has assigned the invoice its number (then the number is printed). */
export const KSEF_QR_OFFLINE_LABEL = 'OFFLINE';

/** The label under the QR code: the KSeF number once assigned, "OFFLINE" before. */
export const ksefQrLabel = (ksefNumber: string | null): string => ksefNumber ?? KSEF_QR_OFFLINE_LABEL;

/**
 * `{qrBase}/invoice/{seller's NIP}/{issue date DD-MM-RRRR}/{SHA-256 of the XML's UTF-8 bytes, Base64URL without
 * padding}`. The hash is of the exact bytes sent to KSeF: the XML string as toFa3Xml returned it.
 */
export function ksefVerificationUrl(qrBase: string, sellerNip: string, issueDate: string, xml: string): string {
  const nip = checkNip(sellerNip);
  if (!nip.ok) throw new RangeError(`KOD I: the seller's NIP is not valid (${nip.reason})`);
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(issueDate);
  if (!date) throw new RangeError(`KOD I: the issue date is not yyyy-mm-dd: ${JSON.stringify(issueDate)}`);
  const hash = createHash('sha256').update(xml, 'utf8').digest('base64url');
  return `${qrBase.replace(/\/+$/, '')}/invoice/${nip.value}/${date[3]}-${date[2]}-${date[1]}/${hash}`;
}
