import type { Readable } from 'node:stream';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { parseSmtpUrl } from '../shared/config/index.ts';

/**
 * A message already built (e.g. by MailComposer), handed over as a stream. The stream is read only once the
 * relay has answered DATA with 354, and the relay gets the final "." only after the stream ends: so whatever the
 * stream waits for before it ends happens inside the DATA phase, and a stream that fails leaves the message unsent.
 */
export type SendRaw = (envelope: { from: string; to: string[] }, raw: Readable) => Promise<void>;

/** Messages on one connection before it is closed and a fresh one opened (relays limit this too). */
const MESSAGES_PER_CONNECTION = 100;

/**
 * SMTP for campaign mail through nodemailer's SMTPConnection directly: its transports read a raw stream into a
 * buffer before the envelope is even sent, which would let the stream end long before DATA. Connections are kept
 * open and reused, one message at a time each, and at most `connections` at once (a relay may make each new
 * connection wait for its greeting, and limits how many a client holds); a caller sending one message at a time
 * uses one. Any failure closes that connection, so a message abandoned mid-DATA is dropped by the relay, never
 * delivered half-way. With `idleMs`, a connection nobody sent on for that long is closed (QUIT): a burst reuses it,
 * an occasional message opens its own, and no idle connection is held open between them.
 */
export function rawSmtpSender(smtpUrl: string, { connections = 1, idleMs }: { connections?: number; idleMs?: number } = {}): SendRaw {
  const settings = parseSmtpUrl(smtpUrl);
  if ('problem' in settings) throw new Error(`SMTP_URL ${settings.problem}`);
  const options = {
    host: settings.host, port: settings.port, secure: settings.secure, requireTLS: settings.requireTLS,
    opportunisticTLS: !settings.secure && !settings.requireTLS, tls: { rejectUnauthorized: settings.rejectUnauthorized },
    connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000, logger: false,
  };
  type Open = { connection: SMTPConnection; sent: number; closed: boolean; idleTimer?: NodeJS.Timeout };
  const idle: Open[] = [];
  let busy = 0;
  const waiting: (() => void)[] = [];

  const connect = () => new Promise<Open>((resolve, reject) => {
    const connection = new SMTPConnection(options);
    const open: Open = { connection, sent: 0, closed: false };
    // An error after the handshake also fails the send in progress; here it only retires the connection.
    connection.on('error', (error) => { open.closed = true; reject(error); });
    connection.once('end', () => { open.closed = true; });
    connection.connect((error) => {
      if (error) return reject(error);
      if (!settings.auth) return resolve(open);
      connection.login({ user: settings.auth.user, pass: settings.auth.pass }, (failed) => (failed ? reject(failed) : resolve(open)));
    });
  });

  const sendOn = (connection: SMTPConnection, envelope: { from: string; to: string[] }, raw: Readable) => new Promise<void>((resolve, reject) => {
    connection.send(envelope, raw, (error) => (error ? reject(error) : resolve()));
  });

  /** A turn on one of the connections: waits while all `connections` are sending. */
  async function turn<T>(work: () => Promise<T>): Promise<T> {
    while (busy >= connections) await new Promise<void>((resolve) => waiting.push(resolve));
    busy += 1;
    try {
      return await work();
    } finally {
      busy -= 1;
      waiting.shift()?.();
    }
  }

  /** Back among the idle ones; with `idleMs`, closed once it has idled that long. */
  function keep(open: Open) {
    idle.push(open);
    if (idleMs === undefined) return;
    open.idleTimer = setTimeout(() => {
      const at = idle.indexOf(open);
      if (at >= 0) idle.splice(at, 1);
      open.closed = true;
      open.connection.quit();
    }, idleMs);
    open.idleTimer.unref();
  }

  async function send(envelope: { from: string; to: string[] }, raw: Readable): Promise<void> {
    let open = idle.pop();
    while (open?.closed) open = idle.pop();
    clearTimeout(open?.idleTimer);
    const reused = open !== undefined;
    open ??= await connect();
    try {
      await sendOn(open.connection, envelope, raw);
    } catch (error) {
      open.closed = true;
      open.connection.close();
      // A kept connection the relay closed while idle fails before it reads a byte of the message: once more on a fresh one.
      if (reused && raw.readableDidRead === false && !raw.destroyed) return send(envelope, raw);
      throw error;
    }
    open.sent += 1;
    if (open.sent >= MESSAGES_PER_CONNECTION || open.closed) {
      open.closed = true;
      open.connection.quit();
    } else {
      keep(open);
    }
  }

  return (envelope, raw) => turn(() => send(envelope, raw));
}
