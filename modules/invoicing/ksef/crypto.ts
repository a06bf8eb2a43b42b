import { constants, createCipheriv, createHash, publicEncrypt, randomBytes, X509Certificate } from 'node:crypto';
import { KsefUnavailable } from './http.ts';

/** One entry of `GET /security/public-key-certificates` (schema PublicKeyCertificate). */
export type PublicKeyCertificate = {
  certificate: string; certificateId: string; publicKeyId: string; validFrom: string; validTo: string;
  usage: ('KsefTokenEncryption' | 'SymmetricKeyEncryption')[];
};

type MfKey = { x509: X509Certificate; publicKeyId: string };

/** The Ministry's certificate for a use, valid now; KSeF publishes overlapping ones when it rotates, so the newest wins. */
export function pickCertificate(list: PublicKeyCertificate[], usage: PublicKeyCertificate['usage'][number], now: number): MfKey {
  const usable = list
    .filter((c) => c.usage.includes(usage) && Date.parse(c.validFrom) <= now && now < Date.parse(c.validTo))
    .sort((a, b) => Date.parse(b.validFrom) - Date.parse(a.validFrom));
  const chosen = usable[0];
  if (!chosen) throw new KsefUnavailable(`KSeF published no valid ${usage} certificate`, 'server-error');
  return { x509: new X509Certificate(Buffer.from(chosen.certificate, 'base64')), publicKeyId: chosen.publicKeyId };
}

/** RSA-OAEP with SHA-256, as the contract asks for the KSeF token and for the session's AES key. */
export function rsaOaep(key: MfKey, data: Buffer): string {
  return publicEncrypt({ key: key.x509.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, data).toString('base64');
}

export const sha256Base64 = (data: Buffer): string => createHash('sha256').update(data).digest('base64');

type SessionKey = { key: Buffer; iv: Buffer };

export const newSessionKey = (): SessionKey => ({ key: randomBytes(32), iv: randomBytes(16) });

/** AES-256-CBC with PKCS#7 padding (node's default), the session's key and IV. */
export function encryptInvoice({ key, iv }: SessionKey, plain: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([cipher.update(plain), cipher.final()]);
}
