import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKsefClient, KsefUnavailable, type KsefOutcome } from '../../../modules/invoicing/index.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import { ksefFile } from '../../support/ksef-schema.ts';
import { startKsefStandIn, type KsefStandIn } from '../../support/ksef-standin.ts';

const CONTRACT = ksefFile('open-api.json');
const UPO_SCHEMA = ksefFile('upo-v4-3.xsd');
/** The contract's own pattern, so the test checks what KSeF documents rather than what we believe. */
const ksefNumberPattern = () => {
  const contract = JSON.parse(readFileSync(CONTRACT.path, 'utf8')) as { components: { schemas: Record<string, { pattern?: string }> } };
  return new RegExp(contract.components.schemas.KsefNumber!.pattern!);
};
const REFERENCE = /^\d{8}-[0-9A-Z]{2}-[0-9A-F]{10}-[0-9A-F]{10}-[0-9A-F]{2}$/;

const SELLER_NIP = '5265877635';
const TOKEN = '20251001-EC-1A2B3C4D5E-6F7A8B9C0D-AB|nip-5265877635|0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';

/** A small FA(3) invoice (not the whole schema: the stand-in checks what KSeF checks before numbering). */
const invoiceXml = (number: string, sellerNip = SELLER_NIP) => `<?xml version="1.0" encoding="UTF-8"?>
<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/" xmlns:etd="http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/">
  <Naglowek><KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza><WariantFormularza>3</WariantFormularza><DataWytworzeniaFa>2026-11-26T10:00:00Z</DataWytworzeniaFa></Naglowek>
  <Podmiot1><DaneIdentyfikacyjne><NIP>${sellerNip}</NIP><Nazwa>Instytut Gestalt — Łódź &amp; Kraków</Nazwa></DaneIdentyfikacyjne></Podmiot1>
  <Podmiot2><DaneIdentyfikacyjne><NIP>1234563218</NIP><Nazwa>Gabinet Zażółć Gęślą Jaźń</Nazwa></DaneIdentyfikacyjne></Podmiot2>
  <Fa><KodWaluty>PLN</KodWaluty><P_1>2026-11-26</P_1><P_2>${number}</P_2><P_15>123.00</P_15></Fa>
</Faktura>
`;

let stand: KsefStandIn;
/** The client's time is the test's: a fixed clock, whose wait moves it at once (the stand-in keeps wall time). */
let clock: ReturnType<typeof fixedClock>;
const client = (options: { token?: string; timeoutMs?: number; baseUrl?: string; pollIntervalMs?: number } = {}) => createKsefClient({
  baseUrl: options.baseUrl ?? stand.url, token: options.token ?? TOKEN, nip: SELLER_NIP, timeoutMs: options.timeoutMs ?? 5000,
  pollIntervalMs: options.pollIntervalMs ?? 5, clock, wait: clock.wait,
});
/** What `submit` threw, asserted to be KsefUnavailable. */
async function unavailable(promise: Promise<KsefOutcome>): Promise<KsefUnavailable> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(KsefUnavailable);
  return error as KsefUnavailable;
}

beforeEach(async () => {
  clock = fixedClock('2026-11-26T10:00:00.000Z');
  stand = await startKsefStandIn({ [TOKEN]: SELLER_NIP });
});
afterEach(async () => { await stand.close(); });

describe('KSeF client: an accepted invoice', () => {
  it('gets a KSeF number and the UPO exactly as KSeF sent it; KSeF decrypts the very bytes we sent', async () => {
    const xml = invoiceXml('FV/2026/000001');
    const outcome = await client().submit(xml);
    expect(outcome.status).toBe('accepted');
    if (outcome.status !== 'accepted') return;
    expect(outcome.ksefNumber).toMatch(/^\d{10}-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/);
    expect(outcome.ksefNumber).toHaveLength(35);
    expect(outcome.ksefNumber.startsWith(`${SELLER_NIP}-`)).toBe(true);
    expect(outcome.referenceNumber).toMatch(REFERENCE);
    expect(Number.isNaN(Date.parse(outcome.acquiredAt))).toBe(false);

    expect(stand.received).toHaveLength(1);
    expect(Buffer.from(stand.received[0]!.xml, 'utf8').equals(Buffer.from(xml, 'utf8'))).toBe(true);
    expect(outcome.upo).toBe(stand.received[0]!.upo);
    expect(outcome.upo).toContain(`<NumerKSeFDokumentu>${outcome.ksefNumber}</NumerKSeFDokumentu>`);
    expect(outcome.upo).toContain('<NumerFaktury>FV/2026/000001</NumerFaktury>');

    // The flow the contract describes, session closed at the end.
    expect(stand.requests.map((r) => `${r.method} ${r.path.replace(/\d{8}-[0-9A-Z]{2}-[0-9A-F]{10}-[0-9A-F]{10}-[0-9A-F]{2}/g, '{ref}')}`)).toEqual([
      'GET /security/public-key-certificates', 'POST /auth/challenge', 'POST /auth/ksef-token', 'GET /auth/{ref}', 'GET /auth/{ref}',
      'POST /auth/token/redeem', 'POST /sessions/online', 'POST /sessions/online/{ref}/invoices', 'GET /sessions/{ref}/invoices/{ref}',
      'GET /sessions/{ref}/invoices/{ref}', 'GET /sessions/{ref}/invoices/{ref}/upo', 'POST /sessions/online/{ref}/close',
    ]);
  });

  it.skipIf(CONTRACT.missing)(CONTRACT.name('gives a KSeF number of the form the contract documents (KsefNumber)'), async () => {
    const outcome = await client().submit(invoiceXml('FV/2026/000007'));
    if (outcome.status !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(outcome)}`);
    expect(outcome.ksefNumber).toMatch(ksefNumberPattern());
  });

  it.skipIf(UPO_SCHEMA.missing)(UPO_SCHEMA.name('issues a UPO that the official schema (upo-v4-3.xsd) accepts'), async () => {
    const outcome = await client().submit(invoiceXml('FV/2026/000002'));
    if (outcome.status !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(outcome)}`);
    const file = join(mkdtempSync(join(tmpdir(), 'upo-')), 'upo.xml');
    writeFileSync(file, outcome.upo);
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', UPO_SCHEMA.path, file], { stdio: 'pipe' });
  });

  it('waits between polls on its own clock: one interval per pending answer, no real time slept', async () => {
    const started = performance.now();
    const outcome = await client({ pollIntervalMs: 1000 }).submit(invoiceXml('FV/2026/000006'));
    expect(outcome.status).toBe('accepted');
    // The stand-in answers "in progress" once for the authentication and once for the invoice.
    expect(clock().toISOString()).toBe('2026-11-26T10:00:02.000Z');
    // Two real intervals would have taken 2 s at least.
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('keeps its access token for the next invoice, and authenticates again when KSeF revoked it', async () => {
    const ksef = client();
    await ksef.submit(invoiceXml('FV/2026/000003'));
    await ksef.submit(invoiceXml('FV/2026/000004'));
    expect(stand.requests.filter((r) => r.path === '/auth/challenge')).toHaveLength(1);
    stand.revokeAccessTokens();
    expect((await ksef.submit(invoiceXml('FV/2026/000005'))).status).toBe('accepted');
    expect(stand.requests.filter((r) => r.path === '/auth/challenge')).toHaveLength(2);
    expect(stand.received.map((r) => r.status.code)).toEqual([200, 200, 200]);
  });
});

describe('KSeF client: refusals are outcomes', () => {
  it('answers rejected with the code, description and details KSeF gave', async () => {
    stand.refuseNext(450, 'Błąd weryfikacji semantyki dokumentu faktury', ['Suma P_15 nie zgadza się z pozycjami.']);
    const outcome = await client().submit(invoiceXml('FV/2026/000010'));
    expect(outcome).toEqual({ status: 'rejected', code: 450, description: 'Błąd weryfikacji semantyki dokumentu faktury', details: ['Suma P_15 nie zgadza się z pozycjami.'] });
    expect(stand.requests.at(-1)?.path).toMatch(/\/close$/);
  });

  it('refuses a file that is not well-formed XML (430)', async () => {
    const outcome = await client().submit('<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/"><Fa></Faktura>');
    expect(outcome).toMatchObject({ status: 'rejected', code: 430, description: 'Błąd weryfikacji pliku faktury' });
  });

  it('refuses a second invoice with the same number as a duplicate, naming the first one’s KSeF number (440)', async () => {
    const ksef = client();
    const first = await ksef.submit(invoiceXml('FV/2026/000011'));
    const second = await ksef.submit(invoiceXml('FV/2026/000011'));
    if (first.status !== 'accepted' || second.status !== 'rejected') throw new Error('expected accepted, then rejected');
    expect(second.code).toBe(440);
    expect(second.details.join(' ')).toContain(first.ksefNumber);
  });
});

describe('KSeF client: what may clear up later throws KsefUnavailable', () => {
  it('a timeout', async () => {
    stand.delayNext(2000, '/invoices');
    const error = await unavailable(client({ timeoutMs: 300 }).submit(invoiceXml('FV/2026/000020')));
    expect(error.reason).toBe('timeout');
    expect(error.message).toMatch(/^KSeF did not answer POST \/sessions\/online\/\S+\/invoices within 300 ms$/);
  });

  it.each([500, 503])('a %i', async (status) => {
    stand.failNext(status, { path: '/sessions/online' });
    const error = await unavailable(client().submit(invoiceXml('FV/2026/000021')));
    expect(error).toMatchObject({ reason: 'server-error', message: `KSeF answered ${status} to POST /sessions/online` });
    expect(stand.received).toHaveLength(0);
  });

  it('a 429, with its Retry-After', async () => {
    stand.failNext(429, { path: '/invoices', retryAfterSeconds: 30 });
    const error = await unavailable(client().submit(invoiceXml('FV/2026/000022')));
    expect(error.reason).toBe('rate-limited');
    expect(error.retryAfterMs).toBe(30_000);
    expect(error.message).toMatch(/^KSeF is limiting requests \(429 to POST \/sessions\/online\/\S+\/invoices\); retry after 30 s$/);
  });

  it('a 4xx that says nothing about the invoice', async () => {
    stand.failNext(410, { path: '/auth/challenge' });
    const error = await unavailable(client().submit(invoiceXml('FV/2026/000025')));
    expect(error).toMatchObject({ reason: 'server-error', message: 'KSeF answered 410 to POST /auth/challenge: Error (Stand-in failure)' });
  });

  it('KSeF out of reach', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => { const p = (probe.address() as { port: number }).port; probe.close(() => resolve(p)); });
    });
    const error = await unavailable(client({ baseUrl: `http://127.0.0.1:${port}/v2` }).submit(invoiceXml('FV/2026/000023')));
    expect(error.reason).toBe('unreachable');
    expect(error.message).toBe('KSeF could not be reached (GET /security/public-key-certificates): ECONNREFUSED');
  });

  // A refused token is the seller's configuration, not the invoice: the submission stays queued (unavailable), and
  // goes through once KSEF_TOKEN is corrected, instead of the invoice being recorded as refused by KSeF.
  it('a token KSeF refuses: reason auth, saying which setting to check, and no invoice sent', async () => {
    const error = await unavailable(client({ token: 'not-the-sellers-token' }).submit(invoiceXml('FV/2026/000024')));
    expect(error.reason).toBe('auth');
    expect(error.message).toBe(`KSeF refused the seller's credentials (450 Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu: Nieprawidłowy token); check KSEF_TOKEN (a KSeF token with the right to send invoices for NIP ${SELLER_NIP}) and KSEF_URL`);
    expect(stand.requests.some((r) => r.path.startsWith('/sessions'))).toBe(false);
  });
});
