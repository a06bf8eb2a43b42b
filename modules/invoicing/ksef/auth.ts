import { pickCertificate, rsaOaep, type PublicKeyCertificate } from './crypto.ts';
import type { Wait } from '../../shared/kernel/index.ts';
import { KsefApiError, KsefUnavailable, type Transport } from './http.ts';

/** The client's time, from the module's injected clock and wait (never the system's own). */
export type KsefClock = { now(): number; wait: Wait };

type TokenInfo = { token: string; validUntil: string };
type StatusInfo = { code: number; description: string; details?: string[] | null };

/** A stored access token is used only while it has at least this long to live, so it cannot expire mid-submission. */
const TOKEN_MARGIN_MS = 60_000;

const describe = (status: StatusInfo) => `${status.code} ${status.description}${status.details?.length ? `: ${status.details.join('; ')}` : ''}`;

/**
 * Authentication with the seller's KSeF token (contract: /auth/challenge, /auth/ksef-token, /auth/{referenceNumber},
 * /auth/token/redeem): `token|timestampMs` encrypted for the Ministry's KsefTokenEncryption certificate, then the
 * operation is polled until KSeF has judged the token, and its access token redeemed (once: KSeF hands it out once).
 * A refused token throws KsefUnavailable with reason 'auth': the invoice is not at fault, and the same submission
 * succeeds once KSEF_TOKEN is corrected, so it must stay queued rather than be recorded as a refusal.
 */
export function createAuthenticator(call: Transport, nip: string, ksefToken: string, clock: KsefClock, pollIntervalMs: number, pollTimeoutMs: number) {
  let access: TokenInfo | null = null;
  let certificates: { list: PublicKeyCertificate[]; at: number } | null = null;

  const refused = (what: string) => new KsefUnavailable(
    `KSeF refused the seller's credentials (${what}); check KSEF_TOKEN (a KSeF token with the right to send invoices for NIP ${nip}) and KSEF_URL`,
    'auth');

  /** The Ministry's certificates, fetched once a day: they change only when KSeF rotates its keys, announced in advance. */
  async function publicKeys(): Promise<PublicKeyCertificate[]> {
    if (!certificates || clock.now() - certificates.at > 86_400_000) {
      certificates = { list: await call<PublicKeyCertificate[]>({ method: 'GET', path: '/security/public-key-certificates' }), at: clock.now() };
    }
    return certificates.list;
  }

  async function authenticate(): Promise<TokenInfo> {
    const keys = await publicKeys();
    const challenge = await call<{ challenge: string; timestampMs: number }>({ method: 'POST', path: '/auth/challenge' });
    const mf = pickCertificate(keys, 'KsefTokenEncryption', clock.now());
    let init: { referenceNumber: string; authenticationToken: TokenInfo };
    try {
      init = await call({
        method: 'POST', path: '/auth/ksef-token', body: {
          challenge: challenge.challenge,
          contextIdentifier: { type: 'Nip', value: nip },
          encryptedToken: rsaOaep(mf, Buffer.from(`${ksefToken}|${challenge.timestampMs}`, 'utf8')),
          publicKeyId: mf.publicKeyId,
        },
      });
    } catch (error) {
      if (error instanceof KsefApiError) throw refused(error.message);
      throw error;
    }
    const operation = init.authenticationToken.token;
    const deadline = clock.now() + pollTimeoutMs;
    for (;;) {
      const { status } = await call<{ status: StatusInfo }>({ method: 'GET', path: `/auth/${init.referenceNumber}`, bearer: operation });
      if (status.code === 200) break;
      // 500 and 550 are KSeF's own failures ("try again"); every other code above 100 judges the credentials.
      if (status.code === 500 || status.code === 550) throw new KsefUnavailable(`KSeF could not finish authentication: ${describe(status)}`, 'server-error');
      if (status.code !== 100) throw refused(describe(status));
      if (clock.now() >= deadline) throw new KsefUnavailable(`KSeF was still authenticating after ${pollTimeoutMs} ms`, 'still-processing');
      await clock.wait(pollIntervalMs);
    }
    try {
      const tokens = await call<{ accessToken: TokenInfo }>({ method: 'POST', path: '/auth/token/redeem', bearer: operation });
      return tokens.accessToken;
    } catch (error) {
      if (error instanceof KsefApiError) throw refused(error.message);
      throw error;
    }
  }

  return {
    async accessToken(): Promise<string> {
      if (!access || Date.parse(access.validUntil) - clock.now() < TOKEN_MARGIN_MS) access = await authenticate();
      return access.token;
    },
    /** After a 401: the stored token was revoked or expired early; the next call authenticates afresh. */
    forget(): void {
      access = null;
    },
    publicKeys,
    refused,
  };
}
