import { describe, expect, it } from 'vitest';
import { maintenanceAnswer } from '../../../src/server/maintenance.ts';
import type { Maintenance } from '../../../src/server/upgrade.ts';

const state: Maintenance = {
  reason: 'database-newer', migration: 'zz_0001_later', backup: null,
  message: 'The database was migrated by a newer version…', action: 'Run the newer version…',
};

describe('the maintenance server\'s answers', () => {
  it('given /healthz, then 503 with the reason, the migration, the message and what to do', () => {
    const answer = maintenanceAnswer(state, { url: '/healthz' }, 'Gestalt Online');
    expect(answer.status).toBe(503);
    expect(answer.headers).toMatchObject({ 'retry-after': '300', 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8' });
    expect(JSON.parse(answer.body)).toEqual({ status: 'maintenance', ...state });
  });

  it('given an API path, then 503 with { message } in the language of the lang cookie, Polish by default', () => {
    expect(JSON.parse(maintenanceAnswer(state, { url: '/api/purchases' }, 'G').body)).toEqual({ message: 'Serwis jest w trakcie prac technicznych. Spróbuj ponownie za kilka minut.' });
    expect(JSON.parse(maintenanceAnswer(state, { url: '/api/purchases', cookie: 'a=b; lang=en' }, 'G').body).message).toMatch(/^The site is down for maintenance/);
  });

  it('given a page, then 503 HTML in the asked language with a link to the other, the site name escaped, nothing of the reason', () => {
    const pl = maintenanceAnswer(state, { url: '/katalog/x?y=1' }, 'Instytut <Gestalt>');
    expect(pl.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(pl.body).toContain('<html lang="pl">');
    expect(pl.body).toContain('Przerwa techniczna · Instytut &lt;Gestalt&gt;');
    expect(pl.body).toContain('<a href="?lang=en" hreflang="en" lang="en">English</a>');
    expect(pl.body).not.toContain('zz_0001_later');
    const en = maintenanceAnswer(state, { url: '/?lang=en', cookie: 'lang=pl' }, 'G');
    expect(en.body).toContain('<h1>Down for maintenance</h1>');
    expect(en.headers['content-language']).toBe('en');
  });
});
