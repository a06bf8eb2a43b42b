import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { rawSmtpSender } from '../../../modules/mailing/index.ts';
import { startSmtp } from '../../support/smtp.ts';

type Smtp = Awaited<ReturnType<typeof startSmtp>>;
const message = (n: number) => Readable.from([Buffer.from(`From: a@example.com\r\nTo: b@example.com\r\nSubject: m${n}\r\nMessage-ID: <m${n}@example.com>\r\n\r\nTreść\r\n.\r\nDalej\r\n`)]);

/** The campaign relay speaks the same SMTP_URL dialects as the rest of the mail: STARTTLS, TLS from the start, AUTH. */
describe('the raw relay for campaign mail', () => {
  let smtp: Smtp | null = null;
  afterEach(async () => { await smtp?.close(); smtp = null; });

  it.each([
    ['STARTTLS required, with a password', { tls: 'starttls' as const, user: 'nadawca', password: 'tajne hasło' }, '?requireTLS=true&rejectUnauthorized=false', true],
    ['TLS from the start, with a password', { tls: 'implicit' as const, user: 'nadawca', password: 'x' }, '?rejectUnauthorized=false', true],
    ['plain, no password', {}, '', false],
  ])('%s', async (_name, options, query, secure) => {
    smtp = await startSmtp(options);
    const send = rawSmtpSender(`${smtp.url}${query}`);
    for (let n = 0; n < 3; n++) await send({ from: 'a@example.com', to: ['b@example.com'] }, message(n));
    const mails = await smtp.waitFor(3);
    expect(mails.map((m) => [m.parsed.subject, m.secure, m.parsed.text])).toEqual([0, 1, 2].map((n) => [`m${n}`, secure, 'Treść\n.\nDalej\n']));
  });

  it('fails on a wrong password and sends nothing', async () => {
    smtp = await startSmtp({ user: 'nadawca', password: 'dobre' });
    const wrong = rawSmtpSender(smtp.url.replace(':dobre@', ':zle@'));
    await expect(wrong({ from: 'a@example.com', to: ['b@example.com'] }, message(0))).rejects.toThrow(/Invalid/);
    expect(smtp.received).toEqual([]);
  });
});
