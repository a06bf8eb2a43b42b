import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from '../../modules/shared/config/index.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = parseEnv({});
    expect(c).toMatchObject({ PORT: 3000, HOST: 'localhost', SITE_NAME: 'Gestalt Online', ADMIN_EMAILS: [] });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ ADMIN_EMAILS: 'admin@x.pl, nope' }, 'ADMIN_EMAILS'],
    [{ JWT_SECRET: 'short-secret-value' }, 'JWT_SECRET'],
  ])('names the bad variable in one line: %j', (env, name) => {
    let error: unknown;
    try { parseEnv(env); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${name} `));
    expect(message).not.toContain('\n');
    for (const value of Object.values(env)) expect(message).not.toContain(value);
  });

  it('parses lists and normalises addresses', () => {
    expect(parseEnv({ ADMIN_EMAILS: ' Admin@Example.com ,b@c.pl' }).ADMIN_EMAILS).toEqual(['admin@example.com', 'b@c.pl']);
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
});
