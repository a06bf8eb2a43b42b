import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpSender, type Mail } from '../../modules/mailing/index.ts';
import { startSmtp } from '../support/smtp.ts';

/**
 * Every SMTP_URL form against a real loopback relay: one without STARTTLS, one offering STARTTLS with a
 * self-signed certificate, one speaking TLS from the start (smtps://).
 */
const mail: Mail = { to: 'anna@example.com', subject: 'Próba', text: 'Treść wiadomości', html: '<p>Treść wiadomości</p>' };
const FROM = 'Gestalt <no-reply@gestalt.test>';

type Relay = Awaited<ReturnType<typeof startSmtp>>;
let plain: Relay;
let starttls: Relay;
let implicit: Relay;
beforeAll(async () => {
  [plain, starttls, implicit] = await Promise.all([
    startSmtp({ user: 'mailer', password: 'p@ss:w/rd' }),
    startSmtp({ user: 'mailer', password: 'p@ss:w/rd', tls: 'starttls' }),
    startSmtp({ tls: 'implicit' }),
  ]);
});
afterAll(async () => { await Promise.all([plain?.close(), starttls?.close(), implicit?.close()]); });

/** Sends one message and returns what the relay received, or the error the sender gave. */
async function send(relay: Relay, url: string, messageId: string) {
  const before = relay.received.length;
  try {
    await smtpSender(url, FROM)(mail, messageId);
  } catch (error) {
    return { error: error as Error, received: relay.received.slice(before) };
  }
  return { error: null, received: (await relay.waitFor(before + 1)).slice(before) };
}

describe('SMTP_URL against real relays', () => {
  it('smtp:// to a relay without STARTTLS sends in plain SMTP, authenticated with the percent-decoded password', async () => {
    const { error, received } = await send(plain, plain.url, '<plain-1@gestalt.test>');
    expect(error).toBeNull();
    expect(received).toHaveLength(1);
    expect(received[0]!.secure).toBe(false);
    expect(received[0]!.envelopeTo).toEqual(['anna@example.com']);
    expect(received[0]!.parsed.messageId).toBe('<plain-1@gestalt.test>');
  });

  it('smtp:// upgrades with STARTTLS when offered, even with a self-signed certificate', async () => {
    const { error, received } = await send(starttls, starttls.url, '<starttls-1@gestalt.test>');
    expect(error).toBeNull();
    expect(received.map((m) => [m.secure, m.parsed.subject])).toEqual([[true, 'Próba']]);
  });

  it('?requireTLS=true sends over STARTTLS when the certificate check is turned off', async () => {
    const { error, received } = await send(starttls, `${starttls.url}?requireTLS=true&rejectUnauthorized=false`, '<starttls-2@gestalt.test>');
    expect(error).toBeNull();
    expect(received.map((m) => m.secure)).toEqual([true]);
  });

  it('?requireTLS=true verifies the certificate by default, so a self-signed one is refused before anything is sent', async () => {
    const { error, received } = await send(starttls, `${starttls.url}?requireTLS=true`, '<starttls-3@gestalt.test>');
    expect(error?.message).toMatch(/certificate/i);
    expect(received).toEqual([]);
  });

  it('?requireTLS=true fails against a relay that does not offer STARTTLS, and sends nothing in plain text', async () => {
    const dataBefore = plain.dataStarted();
    const { error, received } = await send(plain, `${plain.url}?requireTLS=true&rejectUnauthorized=false`, '<plain-2@gestalt.test>');
    expect(error?.message).toMatch(/STARTTLS/);
    expect(received).toEqual([]);
    expect(plain.dataStarted()).toBe(dataBefore);
  });

  it('smtps:// speaks TLS from the start; the certificate is verified unless told otherwise', async () => {
    const ok = await send(implicit, `${implicit.url}?rejectUnauthorized=false`, '<smtps-1@gestalt.test>');
    expect(ok.error).toBeNull();
    expect(ok.received.map((m) => [m.secure, m.parsed.messageId])).toEqual([[true, '<smtps-1@gestalt.test>']]);
    const refused = await send(implicit, implicit.url, '<smtps-2@gestalt.test>');
    expect(refused.error?.message).toMatch(/certificate/i);
    expect(refused.received).toEqual([]);
  });

  it('takes the recipient as one address: a comma in it never adds a second recipient', async () => {
    const before = plain.received.length;
    await smtpSender(plain.url, FROM)({ ...mail, to: 'anna,victim@evil.example' }, '<plain-3@gestalt.test>');
    const [received] = (await plain.waitFor(before + 1)).slice(before);
    expect(received!.envelopeTo).toEqual(['"anna,victim"@evil.example']);
  });
});
