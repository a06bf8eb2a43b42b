import type { Clock, Wait } from '../../shared/kernel/index.ts';
import { createAuthenticator, type KsefClock } from './auth.ts';
import { encryptInvoice, newSessionKey, pickCertificate, rsaOaep, sha256Base64 } from './crypto.ts';
import { createTransport, KsefApiError, KsefUnavailable } from './http.ts';

/**
 * What KSeF made of one invoice. `accepted`: it has a KSeF number, and `upo` is the official receipt (UPO, schema
 * upo-v4-3) exactly as KSeF sent it. `rejected`: KSeF refused this invoice for good (invalid file, failed semantic
 * checks, duplicate number...), `code`/`description`/`details` as KSeF gave them; sending it again cannot help.
 * Anything that can clear up by itself (or by fixing configuration) is thrown as KsefUnavailable instead.
 */
export type KsefOutcome =
  | { status: 'accepted'; ksefNumber: string; referenceNumber: string; acquiredAt: string; upo: string }
  | { status: 'rejected'; code: number; description: string; details: string[] };

export type KsefClientOptions = {
  /** The API root including `/v2`, e.g. https://api-test.ksef.mf.gov.pl/v2. */
  baseUrl: string;
  /** The seller's KSeF token. */
  token: string;
  /** The seller's NIP: the context the token works in. */
  nip: string;
  fetch?: typeof fetch;
  /** Per request, body included. */
  timeoutMs?: number;
  /** Between two questions about a pending authentication, invoice or UPO. */
  pollIntervalMs?: number;
  /** How long to wait for KSeF to finish processing before giving up with KsefUnavailable (reason 'still-processing'). */
  pollTimeoutMs?: number;
  /** The module's clock: certificates' and tokens' validity and the poll deadlines are judged by it. */
  clock: Clock;
  /** The module's pause between two polls. */
  wait: Wait;
};

/** The form the session is opened for (contract: OpenOnlineSessionRequest.formCode, FA(3) row). */
const FA3 = { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' } as const;

type InvoiceStatus = {
  ksefNumber?: string | null; referenceNumber: string; acquisitionDate?: string | null;
  status: { code: number; description: string; details?: string[] | null; extensions?: Record<string, string | null> | null };
};

/** Invoice status codes that are KSeF's own trouble, not a verdict on the invoice ("spróbuj ponownie"). */
const RETRYABLE_INVOICE_CODES = new Set([405, 500, 550]);
/** "Nie znaleziono UPO": the receipt is made a moment after the number is assigned. */
const UPO_NOT_YET = 21178;

/**
 * A KSeF API 2.0 client for one seller: `submit(xml)` sends one FA(3) invoice in its own online session
 * (open with an AES-256 key for the Ministry's certificate, send, poll until numbered or refused, fetch the UPO,
 * close) and answers the outcome. Throws KsefUnavailable when it cannot tell (see KsefOutcome).
 */
export function createKsefClient(options: KsefClientOptions) {
  const clock: KsefClock = { now: () => options.clock().getTime(), wait: options.wait };
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const pollTimeoutMs = options.pollTimeoutMs ?? 120_000;
  const call = createTransport(options.baseUrl, options.fetch ?? fetch, options.timeoutMs ?? 30_000, () => clock.now());
  const auth = createAuthenticator(call, options.nip, options.token, clock, pollIntervalMs, pollTimeoutMs);

  /** Polls `ask` while it answers undefined, until KSeF's answer or our deadline. */
  async function poll<T>(what: string, ask: () => Promise<T | undefined>): Promise<T> {
    const deadline = clock.now() + pollTimeoutMs;
    for (;;) {
      const answer = await ask();
      if (answer !== undefined) return answer;
      if (clock.now() >= deadline) throw new KsefUnavailable(`KSeF was still processing ${what} after ${pollTimeoutMs} ms`, 'still-processing');
      await clock.wait(pollIntervalMs);
    }
  }

  async function openSession(sessionKey: ReturnType<typeof newSessionKey>): Promise<{ session: string; bearer: string }> {
    const mf = pickCertificate(await auth.publicKeys(), 'SymmetricKeyEncryption', clock.now());
    const body = {
      formCode: FA3,
      encryption: { encryptedSymmetricKey: rsaOaep(mf, sessionKey.key), initializationVector: sessionKey.iv.toString('base64'), publicKeyId: mf.publicKeyId },
    };
    for (let attempt = 0; ; attempt++) {
      const bearer = await auth.accessToken();
      try {
        const opened = await call<{ referenceNumber: string }>({ method: 'POST', path: '/sessions/online', body, bearer });
        return { session: opened.referenceNumber, bearer };
      } catch (error) {
        if (!(error instanceof KsefApiError)) throw error;
        // A kept token may have been revoked since: authenticate once more before calling the credentials wrong.
        if (error.httpStatus === 401 && attempt === 0) { auth.forget(); continue; }
        if (error.httpStatus === 401 || error.httpStatus === 403) throw auth.refused(error.message);
        throw new KsefUnavailable(`KSeF would not open a session: ${error.message}`, 'server-error');
      }
    }
  }

  async function submit(xml: string): Promise<KsefOutcome> {
    const plain = Buffer.from(xml, 'utf8');
    const sessionKey = newSessionKey();
    const { session, bearer } = await openSession(sessionKey);
    try {
      const encrypted = encryptInvoice(sessionKey, plain);
      let invoice: string;
      try {
        invoice = (await call<{ referenceNumber: string }>({
          method: 'POST', path: `/sessions/online/${session}/invoices`, bearer, body: {
            invoiceHash: sha256Base64(plain), invoiceSize: plain.length,
            encryptedInvoiceHash: sha256Base64(encrypted), encryptedInvoiceSize: encrypted.length,
            encryptedInvoiceContent: encrypted.toString('base64'), offlineMode: false,
          },
        })).referenceNumber;
      } catch (error) {
        if (error instanceof KsefApiError && error.httpStatus === 400) {
          return { status: 'rejected', code: error.code, description: error.description, details: error.details };
        }
        if (error instanceof KsefApiError) throw auth.refused(error.message);
        throw error;
      }
      const result = await poll('the invoice', async () => {
        const answer = await call<InvoiceStatus>({ method: 'GET', path: `/sessions/${session}/invoices/${invoice}`, bearer });
        return answer.status.code === 100 || answer.status.code === 150 ? undefined : answer;
      });
      const { code, description, details } = result.status;
      if (code === 200 && result.ksefNumber) {
        const upo = await poll('the UPO', async () => {
          try {
            return await call<string>({ method: 'GET', path: `/sessions/${session}/invoices/${invoice}/upo`, bearer, xml: true });
          } catch (error) {
            if (error instanceof KsefApiError && error.code === UPO_NOT_YET) return undefined;
            throw error instanceof KsefApiError ? new KsefUnavailable(`KSeF numbered the invoice ${result.ksefNumber} but gave no UPO: ${error.message}`, 'server-error') : error;
          }
        });
        return { status: 'accepted', ksefNumber: result.ksefNumber, referenceNumber: invoice, acquiredAt: result.acquisitionDate ?? '', upo };
      }
      if (code === 200 || RETRYABLE_INVOICE_CODES.has(code)) {
        throw new KsefUnavailable(`KSeF could not process the invoice: ${code} ${description}${details?.length ? `: ${details.join('; ')}` : ''}`, 'server-error');
      }
      return { status: 'rejected', code, description, details: details ?? [] };
    } finally {
      // Closing only starts the session's collective UPO; an open session also closes itself when it expires,
      // so a failure here must not turn a known outcome into an error.
      await call({ method: 'POST', path: `/sessions/online/${session}/close`, bearer }).catch(() => undefined);
    }
  }

  return {
    /** Sends one FA(3) invoice; answers its outcome, or throws KsefUnavailable (never anything else from KSeF). */
    async submit(xml: string): Promise<KsefOutcome> {
      try {
        return await submit(xml);
      } catch (error) {
        if (!(error instanceof KsefApiError)) throw error;
        if (error.httpStatus === 401 || error.httpStatus === 403) throw auth.refused(error.message);
        // A 4xx where the contract leaves no verdict on the invoice (an expired operation, an unknown reference...).
        throw new KsefUnavailable(error.message, 'server-error');
      }
    },
  };
}
