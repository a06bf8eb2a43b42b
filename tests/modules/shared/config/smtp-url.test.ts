import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv, parseSmtpUrl } from '../../../../modules/shared/config/index.ts';

describe('SMTP_URL', () => {
  it('reads each documented form', () => {
    expect(parseSmtpUrl('smtp://relay.example')).toEqual({ host: 'relay.example', port: 587, secure: false, requireTLS: false, rejectUnauthorized: false });
    expect(parseSmtpUrl('smtp://mailer:p%40ss%3Aw%2Frd@relay.example:2525')).toEqual({
      host: 'relay.example', port: 2525, secure: false, requireTLS: false, rejectUnauthorized: false, auth: { user: 'mailer', pass: 'p@ss:w/rd' },
    });
    expect(parseSmtpUrl('smtp://relay.example?requireTLS=true')).toMatchObject({ secure: false, requireTLS: true, rejectUnauthorized: true });
    expect(parseSmtpUrl('smtp://relay.example?requireTLS=true&rejectUnauthorized=false')).toMatchObject({ requireTLS: true, rejectUnauthorized: false });
    expect(parseSmtpUrl('smtps://relay.example')).toEqual({ host: 'relay.example', port: 465, secure: true, requireTLS: false, rejectUnauthorized: true });
    expect(parseSmtpUrl('smtps://relay.example:4650?rejectUnauthorized=false')).toMatchObject({ port: 4650, secure: true, rejectUnauthorized: false });
    expect(parseSmtpUrl('smtp://[::1]:25')).toMatchObject({ host: '::1', port: 25 });
  });

  it('is accepted by the configuration in every documented form', () => {
    for (const url of ['smtp://u:p@relay.example:25', 'smtp://relay.example?requireTLS=true&rejectUnauthorized=false', 'smtps://relay.example?rejectUnauthorized=false']) {
      expect(parseEnv({ SMTP_URL: url }).SMTP_URL).toBe(url);
    }
  });

  it.each([
    ['smtp://relay.example?starttls=false', 'unknown parameter starttls'],
    ['smtp://relay.example?requireTLS=yes', 'requireTLS must be true or false'],
    ['smtps://relay.example?requireTLS=true', 'requireTLS applies to smtp:// only'],
    ['smtp://relay.example?rejectUnauthorized=0', 'rejectUnauthorized must be true or false'],
  ])('refuses %s at start-up with a ConfigError naming SMTP_URL', (url, says) => {
    let error: unknown;
    try { parseEnv({ SMTP_URL: url }); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/^Invalid configuration: SMTP_URL /);
    expect((error as Error).message).toContain(says);
  });

  it('never repeats the password when it refuses a URL', () => {
    let error: unknown;
    try { parseEnv({ SMTP_URL: 'smtp://mailer:hunter2secret@relay.example?debug=hunter2secret' }); } catch (e) { error = e; }
    expect((error as Error).message).toContain('unknown parameter debug');
    expect((error as Error).message).not.toContain('hunter2secret');
  });
});
