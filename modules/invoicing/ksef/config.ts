import { ConfigError } from '../../shared/config/index.ts';

type KsefEnv = { KSEF_URL?: string | undefined; KSEF_TOKEN?: string | undefined; KSEF_QR_URL?: string | undefined };

/** Where KSeF is and how to speak for the seller; the seller's NIP comes from the seller settings, not from here. */
export type KsefConfig = {
  /** The API root, e.g. https://api-test.ksef.mf.gov.pl/v2 (no trailing slash). */
  baseUrl: string;
  token: string;
  /** The root of the verification links printed as QR codes ("KOD I": `${qrUrl}/invoice/{NIP}/{DD-MM-YYYY}/{hash}`). */
  qrUrl: string;
};

/** KSeF's environments (kody-qr.md): each API host has its own verification host. */
const QR_HOSTS: Record<string, string> = {
  'api-test.ksef.mf.gov.pl': 'https://qr-test.ksef.mf.gov.pl',
  'api-demo.ksef.mf.gov.pl': 'https://qr-demo.ksef.mf.gov.pl',
  'api.ksef.mf.gov.pl': 'https://qr.ksef.mf.gov.pl',
};

const httpUrl = (name: string, value: string): URL => {
  if (!URL.canParse(value) || !['http:', 'https:'].includes(new URL(value).protocol)) {
    throw new ConfigError(`Invalid configuration: ${name} must be a http(s) URL (e.g. https://api-test.ksef.mf.gov.pl/v2)`);
  }
  return new URL(value);
};

/**
 * Sending to KSeF: off (null) unless KSEF_URL is set. Then KSEF_TOKEN is required, and KSEF_QR_URL defaults to the
 * verification host of the Ministry's environment KSEF_URL names; for any other host (a stand-in, a proxy) it must
 * be given, so no invoice ever prints a link to the wrong environment. Throws ConfigError naming the variable.
 */
export function ksefConfig(env: KsefEnv): KsefConfig | null {
  const url = env.KSEF_URL?.trim();
  if (!url) return null;
  const api = httpUrl('KSEF_URL', url);
  const token = env.KSEF_TOKEN?.trim();
  if (!token) throw new ConfigError("Invalid configuration: KSEF_TOKEN must be set with KSEF_URL (the seller's KSeF token, generated in KSeF for sending invoices)");
  const qr = env.KSEF_QR_URL?.trim();
  const qrUrl = qr ? httpUrl('KSEF_QR_URL', qr).href : QR_HOSTS[api.hostname];
  if (!qrUrl) throw new ConfigError(`Invalid configuration: KSEF_QR_URL must be set: ${api.hostname} is not one of KSeF's environments, so its verification address is unknown`);
  return { baseUrl: api.href.replace(/\/+$/, ''), token, qrUrl: qrUrl.replace(/\/+$/, '') };
}
