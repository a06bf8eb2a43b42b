import { afterAll, beforeAll, describe, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { assertNoServerErrors } from '../support/hostile.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/** The routes of the business issues (invoices, refunds and withdrawal, seats, attendance, certificates, recordings). */
const ROUTES: [string, string][] = [
  // invoices and the seller's settings
  ['GET', '/api/admin/invoices?month={p}&status={p}'], ['GET', '/api/admin/invoices/{p}/xml'], ['POST', '/api/admin/invoices/{p}/ksef'],
  ['PUT', '/api/admin/invoicing/seller'], ['PUT', '/api/admin/invoicing/vat/{p}'], ['GET', '/api/invoices/{p}/pdf'],
  ['GET', '/api/user/invoices'], ['POST', '/api/user/purchases/{p}/invoice'],
  // refunds and withdrawal
  ['POST', '/api/admin/purchases/{p}/refunds'], ['GET', '/api/user/purchases/{p}/withdrawal'], ['POST', '/api/user/purchases/{p}/withdrawal'],
  ['GET', '/odstapienie/{p}'], ['POST', '/odstapienie/{p}'],
  // seats and the waiting list
  ['GET', '/api/products/{p}/waitlist'], ['POST', '/api/products/{p}/waitlist'], ['DELETE', '/api/products/{p}/waitlist'],
  ['GET', '/api/admin/waitlist/{p}?page={p}'], ['GET', '/oferta/{p}'], ['POST', '/oferta/{p}'], ['GET', '/dolacz/{p}'],
  ['GET', '/api/admin/background-work?view={p}&page={p}'],
  // attendance and certificates
  ['GET', '/api/admin/attendance/{p}'], ['POST', '/api/admin/attendance/{p}'], ['POST', '/api/admin/attendance/{p}/import'],
  ['POST', '/api/admin/certificates'], ['GET', '/api/admin/certificates?page={p}'], ['POST', '/api/admin/certificates/{p}/revoke'],
  ['POST', '/api/admin/certificates/{p}/reissue'], ['GET', '/api/certificates/{p}/pdf'], ['GET', '/certyfikat/{p}'],
  ['GET', '/api/user/certificates'], ['GET', '/api/user/certificates/summary?language={p}'], ['GET', '/api/user/attendance'],
  ['GET', '/moje-certyfikaty'],
  // recordings
  ['GET', '/api/admin/recordings/{p}'], ['POST', '/api/admin/uploads'], ['PATCH', '/api/admin/uploads/{p}'], ['DELETE', '/api/admin/uploads/{p}'],
  ['GET', '/api/recordings/{p}/playback'], ['GET', '/api/user/recordings/{p}/position'], ['PUT', '/api/user/recordings/{p}/position'],
  ['GET', '/media/hls/{p}/master.m3u8?t={p}'], ['GET', '/media/hls/{p}'],
];

const FIELD_NAMES = ['companyName', 'name', 'nip', 'street', 'postalCode', 'city', 'country', 'address', 'invoice', 'consumer',
  'amountMinor', 'reason', 'confirm', 'consents', 'language', 'languages', 'both', 'purchaseId', 'userId', 'productKey',
  'session', 'sessionIndex', 'present', 'minutes', 'marks', 'all', 'csv', 'report', 'rows', 'assignments', 'apply', 'preview',
  'seconds', 'position', 'duration', 'vatRate', 'rate', 'exempt', 'exemptBasis', 'series', 'invoicePrefix', 'correctionPrefix',
  'bankAccount', 'placeOfIssue', 'seller', 'capacity', 'sessions', 'start', 'end', 'offerHours', 'reminderOffsets'];

describe('hostile input at the business routes', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let token = '';
  let adminToken = '';
  const real: string[] = Object.values(DEMO_KEYS);
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'fuzz-admin@example.com' });
    token = (await signUp(server, smtp, 'fuzz@example.com')).token;
    adminToken = (await signUp(server, smtp, 'fuzz-admin@example.com')).token;
    // A real purchase, so that routes taking a purchase id reach their body's parsing.
    await buyWithDevCheckout(server, token, DEMO_KEYS.trauma, 'price_demo_trauma_pln');
    const list = (await (await fetch(`${server.url}/api/admin/attendees/${DEMO_KEYS.trauma}`, { headers: bearer(adminToken) })).json()) as { attendees: { purchaseId: string }[] };
    real.push(...list.attendees.map((a) => a.purchaseId));
  }, 120_000);
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  it('never answers 5xx, and answers what it refuses with a JSON message', { timeout: 300_000 }, async () => {
    await assertNoServerErrors(server, { routes: ROUTES, fieldNames: FIELD_NAMES, realParams: real, token, adminToken, numRuns: 700 });
  });
});
