import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, isTrustedProxy, loadConfig, parseEnv } from '../../../../modules/shared/config/index.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = parseEnv({});
    // Development without ADMIN_EMAILS: the first start makes admin@localhost, which is then the admin.
    expect(c).toMatchObject({ PORT: 3000, HOST: 'localhost', SITE_NAME: 'Gestalt Online', ADMIN_EMAILS: ['admin@localhost'] });
    expect(c.DATABASE_URL).toBeUndefined();
    // Plain http (behind a proxy) unless both the certificate and its key are given.
    expect(c.SERVER_CERT_PATH).toBeUndefined();
    expect(parseEnv({ HOST: '0.0.0.0', PORT: '8080', SERVER_CERT_PATH: import.meta.filename, SERVER_KEY_PATH: import.meta.filename }))
      .toMatchObject({ HOST: '0.0.0.0', PORT: 8080, SERVER_CERT_PATH: import.meta.filename, SERVER_KEY_PATH: import.meta.filename });
    expect(parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://gestalt.example.org' }).ADMIN_EMAILS).toEqual([]);
    expect(parseEnv({ ADMIN_EMAILS: 'szefowa@example.com' }).ADMIN_EMAILS).toEqual(['szefowa@example.com']);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ ADMIN_EMAILS: 'admin@x.pl, nope' }, 'ADMIN_EMAILS'],
    [{ JWT_SECRET: 'short-secret-value' }, 'JWT_SECRET'],
    [{ TRUST_PROXY: '10.0.0.0/40' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'proxy.example' }, 'TRUST_PROXY'],
    [{ SERVER_CERT_PATH: '/nonexistent/cert.pem', SERVER_KEY_PATH: '/nonexistent/key.pem' }, 'SERVER_CERT_PATH'],
    [{ SERVER_CERT_PATH: import.meta.filename }, 'SERVER_KEY_PATH'],
    [{ SERVER_KEY_PATH: import.meta.filename }, 'SERVER_CERT_PATH'],
    [{ MIGRATE_WITHOUT_BACKUP: 'yes please' }, 'MIGRATE_WITHOUT_BACKUP'],
  ])('names the bad variable in one line: %j', (env, name) => {
    let error: unknown;
    try { parseEnv(env); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${name} `));
    expect(message).not.toContain('\n');
    for (const value of Object.values(env)) expect(message).not.toContain(value);
  });

  it('uses http://HOST:PORT for links when PUBLIC_URL is unset outside production, and says so', () => {
    expect(parseEnv({ PORT: '4100' })).toMatchObject({ PUBLIC_URL: 'http://localhost:4100', PUBLIC_URL_DEFAULTED: true });
    expect(parseEnv({ PORT: '4100', HOST: '127.0.0.1' })).toMatchObject({ PUBLIC_URL: 'http://127.0.0.1:4100' });
    expect(parseEnv({ PORT: '4100', HOST: '0.0.0.0' })).toMatchObject({ PUBLIC_URL: 'http://localhost:4100' });
    expect(parseEnv({ PORT: '4100', HOST: '::1' })).toMatchObject({ PUBLIC_URL: 'http://[::1]:4100' });
    expect(parseEnv({ PUBLIC_URL: 'https://gestalt.example/', NODE_ENV: 'production' }))
      .toMatchObject({ PUBLIC_URL: 'https://gestalt.example', PUBLIC_URL_DEFAULTED: false });
  });

  it('refuses to start in production without PUBLIC_URL, with one line', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/^Invalid configuration: PUBLIC_URL must be set in production[^\n]*$/);
  });

  it('trusts no proxy by default, a hop count, or listed addresses and networks', () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual({ kind: 'off' });
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toEqual({ kind: 'hops', hops: 2 });
    const listed = parseEnv({ TRUST_PROXY: '127.0.0.1, 10.1.0.0/16, fd00::/8' }).TRUST_PROXY;
    expect(['127.0.0.1', '::ffff:127.0.0.1', '10.1.200.3', 'fd00::5'].map((a) => isTrustedProxy(listed, a))).toEqual([true, true, true, true]);
    expect(['127.0.0.2', '10.2.0.1', '::1', 'garbage'].map((a) => isTrustedProxy(listed, a))).toEqual([false, false, false, false]);
  });

  it('parses lists and normalises addresses', () => {
    expect(parseEnv({ ADMIN_EMAILS: ' Admin@Example.com ,b@c.pl' }).ADMIN_EMAILS).toEqual(['admin@example.com', 'b@c.pl']);
  });

  it.each(['boss@example', 'boss@exa_mple.pl', 'boss@@example.pl', 'boss.@example.pl'])(
    'refuses in ADMIN_EMAILS what the shared e-mail check refuses: %s', (address) => {
      expect(() => parseEnv({ ADMIN_EMAILS: `admin@example.pl,${address}` }))
        .toThrow(new ConfigError('Invalid configuration: ADMIN_EMAILS must be a comma-separated list of e-mail addresses'));
    });

  it('generates a JWT secret once, keeps it private in DATA_DIR and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfg-'));
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(second.JWT_SECRET).toBe(first.JWT_SECRET);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first.JWT_SECRET);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) }).JWT_SECRET).toBe('x'.repeat(40));
  });

  it('migrates only with a backup before an upgrade unless MIGRATE_WITHOUT_BACKUP is 1 or true', () => {
    expect(parseEnv({}).MIGRATE_WITHOUT_BACKUP).toBe(false);
    expect(parseEnv({ MIGRATE_WITHOUT_BACKUP: '' }).MIGRATE_WITHOUT_BACKUP).toBe(false);
    expect(parseEnv({ MIGRATE_WITHOUT_BACKUP: '0' }).MIGRATE_WITHOUT_BACKUP).toBe(false);
    expect(parseEnv({ MIGRATE_WITHOUT_BACKUP: '1' }).MIGRATE_WITHOUT_BACKUP).toBe(true);
    expect(parseEnv({ MIGRATE_WITHOUT_BACKUP: ' TRUE ' }).MIGRATE_WITHOUT_BACKUP).toBe(true);
  });
});
