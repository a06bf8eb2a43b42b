import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedMail } from '../support/smtp.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/**
 * User text that tries to take over the SMTP conversation: a lone dot ends DATA in a client that does not
 * dot-stuff (emailjs 5 did not), and what follows would run as commands; header-like lines try to add
 * recipients or a second subject. Sent through the built server's HTTP API to a real loopback relay, once
 * without STARTTLS and once over STARTTLS with a self-signed certificate.
 */
const HOSTILE = [
  'Dzień dobry', '.', 'MAIL FROM:<x@evil.example>', 'RCPT TO:<victim@evil.example>', 'DATA',
  'Bcc: victim@evil.example', 'Subject: pwned', '', 'owned', '.', 'QUIT', '..', '. ', 'koniec',
].join('\r\n');
/** What a reader sees of it: mail carries CRLF line ends, the parsed text has LF. */
const READ = HOSTILE.replace(/\r\n/g, '\n');

/** The header section of the message as the relay received it, one header per entry (folded lines joined). */
const headerLines = (mail: ReceivedMail) => mail.raw.split(/\r\n\r\n/)[0]!.split(/\r\n(?![ \t])/);

function expectNoInjectedHeaders(mail: ReceivedMail) {
  const headers = headerLines(mail);
  expect(headers.filter((h) => /^subject:/i.test(h))).toHaveLength(1);
  expect(headers.filter((h) => /^(bcc|cc|mail from|rcpt to|data|quit)\b/i.test(h))).toEqual([]);
  expect(mail.parsed.bcc).toBeUndefined();
  expect(mail.parsed.cc).toBeUndefined();
}

describe.each(['plain', 'starttls'] as const)('user text cannot change the SMTP conversation (relay: %s)', (kind) => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let stopped = false;
  beforeAll(async () => {
    smtp = await startSmtp(kind === 'starttls' ? { tls: 'starttls' } : {});
    server = await startServer({ SMTP_URL: smtp.url, CONTACT_TO: 'biuro@gestalt.test', MAIL_FROM: 'Gestalt <no-reply@gestalt.test>' });
  });
  afterAll(async () => { if (!stopped) await server?.stop(); await smtp?.close(); });

  const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  /**
   * Stops the server, which first finishes the outbox message in hand: once it has exited, every message the
   * sends could have produced, a smuggled second one included, has reached the relay.
   */
  const settle = async () => {
    stopped = true;
    expect(await server.stop()).toBe(0);
  };

  it('a contact message arrives once, only at CONTACT_TO, with its text intact and no added header', async () => {
    const res = await post('/api/contact', { fromName: `Ola\r\nBcc: victim@evil.example\r\nSubject: pwned`, email: 'ola@example.com', message: HOSTILE });
    expect(res.status).toBe(201);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelopeTo).toEqual(['biuro@gestalt.test']);
    expect(mail!.envelopeFrom).toBe('no-reply@gestalt.test');
    expect(mail!.secure).toBe(kind === 'starttls');
    expect(mail!.parsed.text).toContain(READ);
    // The name is in the subject too: its line breaks become spaces, so it stays one header.
    expect(mail!.parsed.subject).toBe('Wiadomość z formularza kontaktowego: Ola Bcc: victim@evil.example Subject: pwned');
    expectNoInjectedHeaders(mail!);
  });

  it('a registration whose name carries SMTP commands and headers is refused, and nothing is mailed to anyone', async () => {
    const before = smtp.received.length;
    const email = `anna.${kind}@example.com`;
    const res = await post('/register', { name: `Anna ${HOSTILE} Kowalska`, email, phone: '+48 600 100 200', password: 'sekret1', repeat: 'sekret1', language: 'pl' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: expect.stringContaining('Podaj imię i nazwisko w jednym wierszu') });

    // Nothing came out of it: the contact message is the only mail, none for the victim, no second message at all.
    await settle();
    expect(smtp.received).toHaveLength(before);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received.flatMap((m) => m.envelopeTo).filter((to) => to.includes('evil'))).toEqual([]);
  });
});
