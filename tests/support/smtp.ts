import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** `secure`: the session was encrypted (STARTTLS or TLS from the start) when the message arrived. */
export type ReceivedMail = { envelopeFrom: string; envelopeTo: string[]; raw: string; parsed: ParsedMail; secure: boolean };

export type SmtpOptions = {
  user?: string;
  password?: string;
  /**
   * `starttls`: offers STARTTLS with a self-signed certificate; `implicit`: TLS from the first byte (smtps://);
   * default: plain SMTP, no STARTTLS offered.
   */
  tls?: 'starttls' | 'implicit';
  /** Accepts the connection and the DATA, and never answers it: a relay that hangs mid-message. */
  hangData?: boolean;
  /** Waits this long after the final dot before answering 250: a slow relay, so a kill often lands between the two. */
  answerDelayMs?: number;
};

/** A self-signed certificate for localhost, made for this run and never written anywhere lasting. */
export function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'gestalt-smtp-cert-'));
  try {
    execFileSync('/usr/bin/openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-days', '1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A real SMTP server on loopback that keeps what it receives. `failNext(n)` makes the next n
 * deliveries fail with a temporary error, to exercise retries.
 */
export async function startSmtp(opts: SmtpOptions = {}) {
  const received: ReceivedMail[] = [];
  let failures = 0;
  let dataStarted = 0;
  const waiters: (() => void)[] = [];
  const disabled = [...(opts.tls === 'starttls' ? [] : ['STARTTLS']), ...(opts.user ? [] : ['AUTH'])];
  const server = new SMTPServer({
    ...(opts.tls ? selfSignedCertificate() : {}),
    secure: opts.tls === 'implicit',
    disabledCommands: disabled,
    authOptional: !opts.user,
    allowInsecureAuth: true,
    logger: false,
    // No reverse DNS per connection: the sandbox's resolver answers slowly, ~100 ms a message.
    disableReverseLookup: true,
    // A hung client connection must not hold the test run's clean-up for smtp-server's default 30 s.
    closeTimeout: 200,
    onAuth(auth, _session, callback) {
      if (auth.username === opts.user && auth.password === opts.password) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(_address, _session, callback) {
      if (failures > 0) {
        failures -= 1;
        const error = new Error('Mailbox temporarily unavailable') as Error & { responseCode: number };
        error.responseCode = 451;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      dataStarted += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        waiters.splice(0).forEach((w) => w());
        if (opts.hangData) return;
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push({ envelopeFrom, envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw, parsed: await simpleParser(raw), secure: session.secure });
        waiters.splice(0).forEach((w) => w());
        if (opts.answerDelayMs) await new Promise((r) => setTimeout(r, opts.answerDelayMs));
        callback();
      });
    },
  });
  // A client that refuses the certificate drops the connection mid-handshake: that is the client's business, not a test failure.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  const auth = opts.user ? `${encodeURIComponent(opts.user)}:${encodeURIComponent(opts.password ?? '')}@` : '';
  const until = async (done: () => boolean, what: () => string, ms: number) => {
    const deadline = Date.now() + ms;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(what());
      await new Promise<void>((r) => { waiters.push(r); setTimeout(r, 200); });
    }
  };
  return {
    port,
    /** The SMTP_URL for this server, without parameters (`smtps://` for implicit TLS). */
    url: `${opts.tls === 'implicit' ? 'smtps' : 'smtp'}://${auth}127.0.0.1:${port}`,
    received,
    /** How many messages reached DATA (counted before the answer, so a hanging relay counts too). */
    dataStarted: () => dataStarted,
    failNext(n: number) { failures = n; },
    /** Resolves when at least `count` messages have arrived (or rejects after `ms`). */
    async waitFor(count: number, ms = 15_000): Promise<ReceivedMail[]> {
      await until(() => received.length >= count, () => `expected ${count} mails, got ${received.length}`, ms);
      return received;
    },
    /** Resolves once a client has sent a whole message body (DATA) to this server. */
    async waitForData(count = 1, ms = 15_000) {
      await until(() => dataStarted >= count, () => `expected ${count} DATA, got ${dataStarted}`, ms);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
