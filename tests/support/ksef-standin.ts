import { constants, createDecipheriv, createHash, createPrivateKey, privateDecrypt, randomBytes, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspectInvoice, ksefNumber, referenceNumber, upoXml } from './ksef-standin-documents.ts';

/**
 * Test-only RSA keys with self-signed certificates (made once with openssl; see fixtures/ksef), valid from 2000 to 2126:
 * the client picks a certificate valid at its own clock's now, so any fixed clock a test sets lies within.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/ksef/${name}`, import.meta.url), 'utf8');
function mfKey(name: string, usage: string) {
  const x509 = new X509Certificate(fixture(`${name}.cert.pem`));
  const der = x509.raw;
  return {
    key: createPrivateKey(fixture(`${name}.key.pem`)),
    published: {
      certificate: der.toString('base64'), certificateId: createHash('sha256').update(der).digest('base64'),
      publicKeyId: createHash('sha256').update(x509.publicKey.export({ type: 'spki', format: 'der' })).digest('base64'),
      validFrom: new Date(x509.validFrom).toISOString(), validTo: new Date(x509.validTo).toISOString(), usage: [usage],
    },
  };
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('base64');
const oaep = (key: KeyObject, data: Buffer) => privateDecrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, data);
const read = (req: IncomingMessage) => new Promise<string>((resolve) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
});

type Status = { code: number; description: string; details?: string[]; extensions?: Record<string, string> };
type Invoice = {
  ordinalNumber: number; referenceNumber: string; invoiceHash: string; invoicingDate: string; invoiceNumber?: string;
  ksefNumber?: string; acquisitionDate?: string; status: Status; polls: number; final: Status; upo?: string;
};
type Session = { nip: string; tokenReference: string; key: Buffer; iv: Buffer; open: boolean; invoices: Map<string, Invoice> };
type Rule = { path: string | undefined; status?: number; retryAfter?: number; delay?: number };

/** What the stand-in received, decrypted, one entry per invoice sent. */
export type KsefReceived = { xml: string; sessionReference: string; status: Status; ksefNumber: string | null; upo: string | null };

/**
 * A loopback KSeF API 2.0 (`/v2`) for the calls our client makes, answering as open-api.json describes, with real
 * cryptography: it publishes its certificates, decrypts the KSeF token (RSA-OAEP SHA-256) and each invoice
 * (AES-256-CBC with the session key), checks hashes and sizes, well-formedness and the FA(3) form code, refuses a
 * duplicate invoice number (440), numbers invoices like KSeF and issues UPOs shaped like upo-v4-3.xsd.
 * Authentication and invoice processing are asynchronous as in KSeF: the first status query answers "in progress".
 * `tokens` maps each valid KSeF token to the NIP it works for.
 */
export async function startKsefStandIn(tokens: Record<string, string>) {
  const tokenKey = mfKey('token', 'KsefTokenEncryption');
  const symmetricKey = mfKey('symmetric-key', 'SymmetricKeyEncryption');
  const challenges = new Map<string, number>();
  const auths = new Map<string, { operationToken: string; nip: string; tokenReference: string; status: Status; polls: number; redeemed: boolean }>();
  const accessTokens = new Map<string, { nip: string; tokenReference: string }>();
  const sessions = new Map<string, Session>();
  const numbered = new Map<string, { ksefNumber: string; session: string }>();
  const received: KsefReceived[] = [];
  const requests: { method: string; path: string }[] = [];
  const rules: Rule[] = [];
  let refusal: Status | null = null;

  function answer(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}) {
    const xml = typeof payload === 'string';
    res.writeHead(status, { 'content-type': xml ? 'application/xml' : 'application/json', ...headers });
    res.end(xml ? payload : JSON.stringify(payload));
  }
  /** A 4xx in the format the caller asked for: problem details with `X-Error-Format`, else the deprecated ExceptionResponse. */
  function refuse(req: IncomingMessage, res: ServerResponse, status: number, code: number, description: string, details: string[] = []) {
    const now = new Date().toISOString();
    if (req.headers['x-error-format'] === 'problem-details') {
      const title = status === 401 ? 'Unauthorized' : 'Bad Request';
      return answer(res, status, { title, status, instance: req.url, detail: description, errors: [{ code, description, details }], timestamp: now, traceId: randomBytes(16).toString('hex') }, { 'content-type': 'application/problem+json' });
    }
    answer(res, status, { exception: { exceptionDetailList: [{ exceptionCode: code, exceptionDescription: description, details }], referenceNumber: null, timestamp: now } });
  }

  function process(session: string, s: Session, invoice: Invoice, body: Record<string, unknown>) {
    const fail = (code: number, description: string, details: string[] = []) => { invoice.final = { code, description, details }; };
    let plain: Buffer;
    try {
      const decipher = createDecipheriv('aes-256-cbc', s.key, s.iv);
      plain = Buffer.concat([decipher.update(Buffer.from(String(body.encryptedInvoiceContent), 'base64')), decipher.final()]);
    } catch {
      return fail(435, 'Błąd odszyfrowania pliku');
    }
    const xml = plain.toString('utf8');
    const entry: KsefReceived = { xml, sessionReference: session, status: invoice.final, ksefNumber: null, upo: null };
    received.push(entry);
    const finish = () => { entry.status = invoice.final; entry.ksefNumber = invoice.ksefNumber ?? null; entry.upo = invoice.upo ?? null; };
    if (sha256(plain) !== body.invoiceHash || plain.length !== body.invoiceSize) {
      fail(430, 'Błąd weryfikacji pliku faktury', ['Skrót lub rozmiar faktury nie zgadza się z odszyfrowaną treścią.']);
      return finish();
    }
    const inspected = inspectInvoice(xml);
    if (!inspected.ok) { fail(430, 'Błąd weryfikacji pliku faktury', inspected.details); return finish(); }
    invoice.invoiceNumber = inspected.invoiceNumber;
    if (inspected.sellerNip !== s.nip) { fail(410, 'Nieprawidłowy zakres uprawnień', [`Kontekst ${s.nip} nie może wystawiać faktur sprzedawcy ${inspected.sellerNip}.`]); return finish(); }
    if (refusal) { invoice.final = refusal; refusal = null; return finish(); }
    const duplicate = numbered.get(`${inspected.sellerNip}|${inspected.invoiceNumber}`);
    if (duplicate) {
      fail(440, 'Duplikat faktury', [`Duplikat faktury. Faktura o numerze KSeF: ${duplicate.ksefNumber} została już prawidłowo przesłana do systemu w sesji: ${duplicate.session}`]);
      invoice.final.extensions = { originalSessionReferenceNumber: duplicate.session, originalKsefNumber: duplicate.ksefNumber };
      return finish();
    }
    const now = new Date();
    invoice.ksefNumber = ksefNumber(inspected.sellerNip, now);
    invoice.acquisitionDate = now.toISOString();
    numbered.set(`${inspected.sellerNip}|${inspected.invoiceNumber}`, { ksefNumber: invoice.ksefNumber, session });
    invoice.upo = upoXml({
      sessionReference: session, contextNip: s.nip, tokenReference: s.tokenReference, sellerNip: inspected.sellerNip, ksefNumber: invoice.ksefNumber,
      invoiceNumber: inspected.invoiceNumber, issueDate: inspected.issueDate, receivedAt: invoice.invoicingDate, acquiredAt: invoice.acquisitionDate, invoiceHash: invoice.invoiceHash,
    });
    invoice.final = { code: 200, description: 'Sukces' };
    finish();
  }

  async function route(req: IncomingMessage, res: ServerResponse, path: string, body: Record<string, unknown>) {
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const unauthorized = () => refuse(req, res, 401, 0, 'Wymagane jest uwierzytelnienie.');
    const now = new Date();
    if (req.method === 'GET' && path === '/security/public-key-certificates') return answer(res, 200, [tokenKey.published, symmetricKey.published]);
    if (req.method === 'POST' && path === '/auth/challenge') {
      const challenge = referenceNumber('CR', now);
      challenges.set(challenge, now.getTime());
      return answer(res, 200, { challenge, timestamp: now.toISOString(), timestampMs: now.getTime(), clientIp: '127.0.0.1' });
    }
    if (req.method === 'POST' && path === '/auth/ksef-token') {
      const timestampMs = challenges.get(String(body.challenge));
      if (timestampMs === undefined) return refuse(req, res, 400, 21111, 'Nieprawidłowe wyzwanie autoryzacyjne.');
      challenges.delete(String(body.challenge));
      if (body.publicKeyId !== undefined && body.publicKeyId !== tokenKey.published.publicKeyId) return refuse(req, res, 400, 21470, 'Przesłany identyfikator klucza jest nieznany lub wskazuje na wycofany klucz.');
      const context = body.contextIdentifier as { type?: string; value?: string } | undefined;
      let plain = '';
      try { plain = oaep(tokenKey.key, Buffer.from(String(body.encryptedToken), 'base64')).toString('utf8'); } catch { /* judged below, as KSeF does: asynchronously */ }
      // KSeF tokens themselves contain '|' (reference|nip-…|secret): the timestamp is what follows the last one.
      const cut = plain.lastIndexOf('|');
      const token = cut < 0 ? '' : plain.slice(0, cut);
      const stamp = plain.slice(cut + 1);
      const status: Status = tokens[token] === undefined || tokens[token] !== context?.value
        ? { code: 450, description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu', details: ['Nieprawidłowy token'] }
        : Number(stamp) !== timestampMs
          ? { code: 450, description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu', details: ['Nieprawidłowy czas tokena'] }
          : { code: 200, description: 'Uwierzytelnianie zakończone sukcesem' };
      const reference = referenceNumber('AU', now);
      const operationToken = randomBytes(24).toString('base64url');
      auths.set(reference, { operationToken, nip: context?.value ?? '', tokenReference: referenceNumber('TK', now), status, polls: 0, redeemed: false });
      return answer(res, 202, { referenceNumber: reference, authenticationToken: { token: operationToken, validUntil: new Date(now.getTime() + 900_000).toISOString() } });
    }
    const authPath = /^\/auth\/([\w-]{36})$/.exec(path);
    if (req.method === 'GET' && authPath) {
      const auth = auths.get(authPath[1]!);
      if (!auth || auth.operationToken !== bearer) return unauthorized();
      const status = auth.polls++ === 0 ? { code: 100, description: 'Uwierzytelnianie w toku' } : auth.status;
      return answer(res, 200, { startDate: now.toISOString(), authenticationMethod: 'Token', authenticationMethodInfo: { category: 'Token', code: 'token.ksef', displayName: 'Token KSeF' }, status });
    }
    if (req.method === 'POST' && path === '/auth/token/redeem') {
      const auth = [...auths.values()].find((a) => a.operationToken === bearer);
      if (!auth) return unauthorized();
      if (auth.redeemed || auth.status.code !== 200) return refuse(req, res, 400, 21301, 'Brak autoryzacji.', [auth.redeemed ? 'Tokeny zostały już pobrane.' : `Status uwierzytelniania (${auth.status.code}) nie pozwala na pobranie tokenów.`]);
      auth.redeemed = true;
      const token = () => ({ token: randomBytes(24).toString('base64url'), validUntil: new Date(now.getTime() + 900_000).toISOString() });
      const pair = { accessToken: token(), refreshToken: token() };
      accessTokens.set(pair.accessToken.token, { nip: auth.nip, tokenReference: auth.tokenReference });
      return answer(res, 200, pair);
    }
    const access = accessTokens.get(bearer);
    if (!access) return unauthorized();
    if (req.method === 'POST' && path === '/sessions/online') {
      const form = body.formCode as Record<string, string> | undefined;
      if (form?.systemCode !== 'FA (3)' || form.schemaVersion !== '1-0E' || form.value !== 'FA') return refuse(req, res, 400, 21405, 'Błąd walidacji danych wejściowych.', ['Wskazany kod formularza nie jest wspierany.']);
      const encryption = body.encryption as { encryptedSymmetricKey: string; initializationVector: string; publicKeyId?: string };
      if (encryption.publicKeyId !== undefined && encryption.publicKeyId !== symmetricKey.published.publicKeyId) return refuse(req, res, 400, 21470, 'Przesłany identyfikator klucza jest nieznany lub wskazuje na wycofany klucz.');
      const key = oaep(symmetricKey.key, Buffer.from(encryption.encryptedSymmetricKey, 'base64'));
      const iv = Buffer.from(encryption.initializationVector, 'base64');
      if (key.length !== 32 || iv.length !== 16) return refuse(req, res, 400, 21405, 'Błąd walidacji danych wejściowych.', ['Klucz musi mieć 32 bajty, a wektor 16.']);
      const reference = referenceNumber('SO', now);
      sessions.set(reference, { nip: access.nip, tokenReference: access.tokenReference, key, iv, open: true, invoices: new Map() });
      return answer(res, 201, { referenceNumber: reference, validUntil: new Date(now.getTime() + 12 * 3600_000).toISOString() });
    }
    const sessionRef = /^\/sessions\/(?:online\/)?([\w-]{36})\//.exec(path)?.[1] ?? '';
    const session = sessions.get(sessionRef);
    if (!session || session.nip !== access.nip) return refuse(req, res, 400, 21173, 'Brak sesji o wskazanym numerze referencyjnym.');
    if (req.method === 'POST' && path.endsWith('/invoices')) {
      if (!session.open) return refuse(req, res, 400, 21180, 'Status sesji nie pozwala na wykonanie operacji.');
      const encrypted = Buffer.from(String(body.encryptedInvoiceContent ?? ''), 'base64');
      if (encrypted.length !== body.encryptedInvoiceSize) return refuse(req, res, 400, 21402, 'Nieprawidłowy rozmiar pliku.', ['Długość treści nie zgadza się z rozmiarem pliku.']);
      if (sha256(encrypted) !== body.encryptedInvoiceHash) return refuse(req, res, 400, 21403, 'Nieprawidłowy skrót pliku.', ['Skrót treści nie zgadza się ze skrótem pliku.']);
      const invoice: Invoice = {
        ordinalNumber: session.invoices.size + 1, referenceNumber: referenceNumber('EE', now), invoiceHash: String(body.invoiceHash),
        invoicingDate: now.toISOString(), status: { code: 150, description: 'Trwa przetwarzanie' }, polls: 0, final: { code: 500, description: 'Nieznany błąd' },
      };
      session.invoices.set(invoice.referenceNumber, invoice);
      process(sessionRef, session, invoice, body);
      return answer(res, 202, { referenceNumber: invoice.referenceNumber });
    }
    if (req.method === 'POST' && path.endsWith('/close')) { session.open = false; res.writeHead(204); return res.end(); }
    const invoicePath = /\/invoices\/([\w-]{36})(\/upo)?$/.exec(path);
    const invoice = invoicePath ? session.invoices.get(invoicePath[1]!) : undefined;
    if (req.method === 'GET' && invoice && !invoicePath![2]) {
      // Processing takes one status query, as KSeF's does a moment: the client must poll.
      if (invoice.polls++ > 0) invoice.status = invoice.final;
      const { ordinalNumber, referenceNumber: ref, invoiceNumber, ksefNumber: number, invoiceHash, acquisitionDate, invoicingDate, status } = invoice;
      const numberedNow = status.code === 200;
      return answer(res, 200, { ordinalNumber, referenceNumber: ref, invoiceNumber, invoiceHash, invoicingDate, status, ...(numberedNow ? { ksefNumber: number, acquisitionDate } : {}) });
    }
    if (req.method === 'GET' && invoice?.upo && invoice.status.code === 200) return answer(res, 200, invoice.upo, { 'x-ms-meta-hash': sha256(Buffer.from(invoice.upo)) });
    if (req.method === 'GET' && invoice) return refuse(req, res, 400, 21178, 'Nie znaleziono UPO dla podanych kryteriów.');
    return refuse(req, res, 400, 21405, 'Błąd walidacji danych wejściowych.', [`Nieznane wywołanie ${req.method} ${path}`]);
  }

  const server = createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0]!.replace(/^\/v2/, '');
    requests.push({ method: req.method ?? '', path });
    const text = await read(req);
    const rule = rules.findIndex((r) => r.path === undefined || path.includes(r.path));
    const matched = rule >= 0 ? rules.splice(rule, 1)[0]! : undefined;
    if (matched?.delay) await new Promise((resolve) => setTimeout(resolve, matched.delay));
    if (matched?.status) {
      const headers: Record<string, string> = matched.retryAfter === undefined ? {} : { 'retry-after': String(matched.retryAfter) };
      return answer(res, matched.status, { title: 'Error', status: matched.status, detail: 'Stand-in failure', timestamp: new Date().toISOString() }, headers);
    }
    let body: Record<string, unknown> = {};
    try { body = text ? JSON.parse(text) as Record<string, unknown> : {}; } catch { return refuse(req, res, 400, 21405, 'Błąd walidacji danych wejściowych.', ['Niepoprawny JSON.']); }
    await route(req, res, path, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** The API root, as KSEF_URL would name it. */
    url: `http://127.0.0.1:${port}/v2`,
    /** Every invoice received, decrypted, with what the stand-in made of it. */
    received,
    /** Method and path (without `/v2`) of every request, in order. */
    requests,
    /** The next invoice that passes the file checks is refused with this status instead of being numbered. */
    refuseNext(code: number, description: string, details: string[] = []) { refusal = { code, description, details }; },
    /** The next request (whose path contains `path`, if given) is answered only after `ms`. */
    delayNext(ms: number, path?: string) { rules.push({ path, delay: ms }); },
    /** The next request (whose path contains `path`, if given) is answered with this HTTP status, e.g. 500, 503, or 429 with Retry-After. */
    failNext(status: number, options: { path?: string; retryAfterSeconds?: number } = {}) { rules.push({ path: options.path, status, retryAfter: options.retryAfterSeconds }); },
    /** Revokes every access token handed out so far (a 401 for whoever still holds one). */
    revokeAccessTokens() { accessTokens.clear(); },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

export type KsefStandIn = Awaited<ReturnType<typeof startKsefStandIn>>;
