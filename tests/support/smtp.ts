import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { envelopeTo: string[]; raw: string; parsed: ParsedMail };

/**
 * A real SMTP server on loopback that keeps what it receives. `failNext(n)` makes the next n
 * deliveries fail with a temporary error, to exercise retries.
 */
export async function startSmtp(opts: { user?: string; password?: string } = {}) {
  const received: ReceivedMail[] = [];
  let failures = 0;
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    disabledCommands: opts.user ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !opts.user,
    allowInsecureAuth: true,
    logger: false,
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
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw, parsed: await simpleParser(raw) });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  const auth = opts.user ? `${encodeURIComponent(opts.user)}:${encodeURIComponent(opts.password ?? '')}@` : '';
  return {
    port,
    url: `smtp://${auth}127.0.0.1:${port}`,
    received,
    failNext(n: number) { failures = n; },
    /** Resolves when at least `count` messages have arrived (or rejects after `ms`). */
    async waitFor(count: number, ms = 15_000): Promise<ReceivedMail[]> {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise<void>((r) => { waiters.push(r); setTimeout(r, 200); });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
