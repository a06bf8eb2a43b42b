import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpSender, type Mail } from '../../../modules/mailing/index.ts';
import { startSmtp } from '../../support/smtp.ts';

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

  it('smtp:// goes on in plain SMTP when a relay advertises STARTTLS and then refuses it; requireTLS does not', async () => {
    // A minimal relay that offers STARTTLS but answers 454 to it, as a misconfigured Postfix does.
    const commands: string[] = [];
    const bodies: string[] = [];
    const relay = createServer((socket) => {
      let inData = false;
      let body = '';
      socket.write('220 relay.test ESMTP\r\n');
      socket.on('data', (chunk) => {
        for (const line of chunk.toString('utf8').split('\r\n').slice(0, -1)) {
          if (inData) {
            if (line === '.') { inData = false; bodies.push(body); socket.write('250 queued\r\n'); } else body += `${line}\n`;
            continue;
          }
          const verb = line.split(' ')[0]!.toUpperCase();
          commands.push(verb);
          if (verb === 'EHLO') socket.write('250-relay.test\r\n250 STARTTLS\r\n');
          else if (verb === 'STARTTLS') socket.write('454 TLS not available due to temporary reason\r\n');
          else if (verb === 'DATA') { inData = true; socket.write('354 go ahead\r\n'); } else if (verb === 'QUIT') socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const port = (relay.address() as { port: number }).port;
    try {
      await expect(smtpSender(`smtp://127.0.0.1:${port}?requireTLS=true`, FROM)(mail, '<refused-1@gestalt.test>')).rejects.toThrow(/STARTTLS/);
      expect(bodies).toEqual([]);
      await smtpSender(`smtp://127.0.0.1:${port}`, FROM)(mail, '<refused-2@gestalt.test>');
      expect(commands.filter((c) => c === 'STARTTLS')).toHaveLength(2);
      expect(bodies).toHaveLength(1);
      expect(bodies[0]).toContain('Message-ID: <refused-2@gestalt.test>');
    } finally {
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    }
  });
  it('keeps one connection for messages that follow each other, closes it after a second idle, and opens a fresh one when the relay dropped it', async () => {
    // A minimal relay that counts connections and can drop them all while they idle.
    const sockets = new Set<Socket>();
    let connections = 0;
    const ids: string[] = [];
    const relay = createServer((socket) => {
      connections += 1;
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      let inData = false;
      socket.write('220 relay.test ESMTP\r\n');
      socket.on('data', (chunk) => {
        for (const line of chunk.toString('utf8').split('\r\n').slice(0, -1)) {
          if (inData) {
            if (line === '.') { inData = false; socket.write('250 queued\r\n'); } else if (/^Message-ID:/i.test(line)) ids.push(line.slice(12).trim());
            continue;
          }
          const verb = line.split(' ')[0]!.toUpperCase();
          if (verb === 'DATA') { inData = true; socket.write('354 go ahead\r\n'); } else if (verb === 'QUIT') socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const send = smtpSender(`smtp://127.0.0.1:${(relay.address() as { port: number }).port}`, FROM);
    try {
      for (let n = 1; n <= 3; n++) await send(mail, `<kept-${n}@gestalt.test>`);
      expect(connections).toBe(1);
      await new Promise((r) => setTimeout(r, 1300));
      expect(sockets.size).toBe(0);
      await send(mail, '<kept-4@gestalt.test>');
      expect(connections).toBe(2);
      for (const socket of sockets) socket.destroy();
      await new Promise((r) => setTimeout(r, 50));
      await send(mail, '<kept-5@gestalt.test>');
      expect(connections).toBe(3);
      expect(ids).toEqual([1, 2, 3, 4, 5].map((n) => `<kept-${n}@gestalt.test>`));
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    }
  });
});
