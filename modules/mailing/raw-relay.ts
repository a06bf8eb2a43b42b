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
 * buffer before the envelope is even sent, which would let the stream end long before DATA. One connection is
 * kept open and reused, one message at a time (a relay may make each new connection wait for its greeting); any
 * failure closes it, so a message abandoned mid-DATA is dropped by the relay, never delivered half-way.
 */
export function rawSmtpSender(smtpUrl: string): SendRaw {
  const settings = parseSmtpUrl(smtpUrl);
  if ('problem' in settings) throw new Error(`SMTP_URL ${settings.problem}`);
  const options = {
    host: settings.host, port: settings.port, secure: settings.secure, requireTLS: settings.requireTLS,
    opportunisticTLS: !settings.secure && !settings.requireTLS, tls: { rejectUnauthorized: settings.rejectUnauthorized },
    connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000, logger: false,
  };
  let current: { connection: SMTPConnection; sent: number } | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  const drop = () => {
    const open = current;
    current = null;
    open?.connection.close();
  };

  const connect = () => new Promise<SMTPConnection>((resolve, reject) => {
    const connection = new SMTPConnection(options);
    // An error after the handshake also fails the send in progress; here it only retires the connection.
    connection.on('error', (error) => { if (current?.connection === connection) current = null; reject(error); });
    connection.once('end', () => { if (current?.connection === connection) current = null; });
    connection.connect((error) => {
      if (error) return reject(error);
      if (!settings.auth) return resolve(connection);
      connection.login({ user: settings.auth.user, pass: settings.auth.pass }, (failed) => (failed ? reject(failed) : resolve(connection)));
    });
  });

  const sendOn = (connection: SMTPConnection, envelope: { from: string; to: string[] }, raw: Readable) => new Promise<void>((resolve, reject) => {
    connection.send(envelope, raw, (error) => (error ? reject(error) : resolve()));
  });

  async function send(envelope: { from: string; to: string[] }, raw: Readable): Promise<void> {
    const reused = current !== null;
    if (!current) current = { connection: await connect(), sent: 0 };
    const open = current;
    try {
      await sendOn(open.connection, envelope, raw);
    } catch (error) {
      drop();
      // A kept connection the relay closed while idle fails before it reads a byte of the message: once more on a fresh one.
      if (reused && raw.readableDidRead === false && !raw.destroyed) return send(envelope, raw);
      throw error;
    }
    open.sent += 1;
    if (open.sent >= MESSAGES_PER_CONNECTION && current === open) {
      current = null;
      open.connection.quit();
    }
  }

  return (envelope, raw) => {
    const result = queue.then(() => send(envelope, raw));
    queue = result.catch(() => {});
    return result;
  };
}
