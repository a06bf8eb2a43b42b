/**
 * What `SMTP_URL` says about the relay, in the terms of an SMTP client:
 *
 * - `smtp://host:port`: STARTTLS when the relay offers it, plain SMTP when it does not, and a certificate that
 *   cannot be verified is still used (opportunistic TLS, Postfix's `may` level): encryption against passive
 *   eavesdropping without refusing the many relays with self-signed certificates.
 * - `smtp://…?requireTLS=true`: STARTTLS or nothing, certificate verified (unless `rejectUnauthorized=false`).
 * - `smtps://host` (port 465 by default): TLS from the first byte, certificate verified (same exception).
 *
 * User and password come from the URL, percent-decoded. Lives in shared/config because the configuration
 * check refuses a bad URL at start-up; the mailing module builds its transport from the same parse.
 */
export type SmtpSettings = {
  host: string;
  port: number;
  /** TLS from the start (smtps://). */
  secure: boolean;
  /** Insist on STARTTLS; fail when the relay does not offer it. */
  requireTLS: boolean;
  /** Refuse a certificate that does not verify. */
  rejectUnauthorized: boolean;
  auth?: { user: string; pass: string };
};

const PARAMETERS = ['requireTLS', 'rejectUnauthorized'] as const;

const flag = (value: string | null, name: string): boolean | undefined | string => {
  if (value === null) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return `parameter ${name} must be true or false`;
};

/**
 * Parses an smtp:// or smtps:// URL, or returns a sentence saying what is wrong with it.
 * The sentence names parameters, never values: the URL may hold a password.
 */
export function parseSmtpUrl(smtpUrl: string): SmtpSettings | { problem: string } {
  if (!URL.canParse(smtpUrl)) return { problem: 'must be a smtp:// or smtps:// URL' };
  const url = new URL(smtpUrl);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return { problem: 'must be a smtp:// or smtps:// URL' };
  if (!url.hostname) return { problem: 'must name a host (smtp://host:port)' };
  const unknown = [...url.searchParams.keys()].filter((k) => !(PARAMETERS as readonly string[]).includes(k));
  if (unknown.length > 0) {
    return { problem: `has an unknown parameter ${unknown[0]} (known: ${PARAMETERS.join(', ')})` };
  }
  const secure = url.protocol === 'smtps:';
  const requireTLS = flag(url.searchParams.get('requireTLS'), 'requireTLS');
  const rejectUnauthorized = flag(url.searchParams.get('rejectUnauthorized'), 'rejectUnauthorized');
  if (typeof requireTLS === 'string') return { problem: requireTLS };
  if (typeof rejectUnauthorized === 'string') return { problem: rejectUnauthorized };
  if (secure && requireTLS !== undefined) return { problem: 'parameter requireTLS applies to smtp:// only (smtps:// is TLS from the start)' };
  let auth: SmtpSettings['auth'];
  try {
    auth = url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined;
  } catch {
    return { problem: 'has a user or password that is not properly percent-encoded' };
  }
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    requireTLS: requireTLS ?? false,
    // Verified where TLS was asked for (smtps://, requireTLS); opportunistic STARTTLS takes any certificate.
    rejectUnauthorized: rejectUnauthorized ?? (secure || requireTLS === true),
    ...(auth ? { auth } : {}),
  };
}

/** The problem with an SMTP URL, or undefined when it is fine (for the configuration check). */
export function smtpUrlProblem(smtpUrl: string): string | undefined {
  const parsed = parseSmtpUrl(smtpUrl);
  return 'problem' in parsed ? parsed.problem : undefined;
}
