import { describe, expect, it } from 'vitest';
import { alertMails, alertTexts } from '../../../modules/backup/alert-mail.ts';
import { schedulesOf } from '../../../modules/backup/schedule.ts';
import { ConfigError, parseEnv } from '../../../modules/shared/config/index.ts';

const env = (extra: Record<string, string>) => parseEnv({ DATA_DIR: '/srv/gestalt', ...extra });
const refusal = (extra: Record<string, string>) => { try { env(extra); return null; } catch (e) { return e instanceof ConfigError ? e.message : String(e); } };

describe('the backup settings', () => {
  it('given nothing set, then a daily backup at 03:00, a weekly drill on Sunday at 05:00, 7/4/6 kept, in DATA_DIR/backups', () => {
    const config = { ...env({}), JWT_SECRET: 'x'.repeat(40) };
    expect(schedulesOf(config)).toEqual({ backup: { every: 'day', hour: 3 }, drill: { every: 'week', weekday: 7, hour: 5 } });
    expect([config.BACKUP_KEEP_DAILY, config.BACKUP_KEEP_WEEKLY, config.BACKUP_KEEP_MONTHLY, config.BACKUP_DIR, config.DRILL_OVERDUE_DAYS]).toEqual([7, 4, 6, '/srv/gestalt/backups', 8]);
  });

  it('given them switched off, then neither is scheduled', () => {
    const config = { ...env({ BACKUP_SCHEDULE: 'off', DRILL_SCHEDULE: 'OFF' }), JWT_SECRET: 'x'.repeat(40) };
    expect(schedulesOf(config)).toEqual({ backup: { every: 'never' }, drill: { every: 'never' } });
  });

  it('given a bad value, then start-up is refused naming the setting and what it must be', () => {
    expect(refusal({ BACKUP_HOUR: '24' })).toBe('Invalid configuration: BACKUP_HOUR must be an hour of the day, 0-23 (Warsaw time)');
    expect(refusal({ BACKUP_SCHEDULE: 'hourly' })).toBe('Invalid configuration: BACKUP_SCHEDULE must be one of daily, off');
    expect(refusal({ DRILL_SCHEDULE: 'monthly' })).toBe('Invalid configuration: DRILL_SCHEDULE must be one of weekly, daily, off');
    expect(refusal({ BACKUP_KEEP_WEEKLY: '-1' })).toMatch(/BACKUP_KEEP_WEEKLY must be a number of weekly backups/);
    expect(refusal({ DRILL_OVERDUE_DAYS: '0' })).toMatch(/DRILL_OVERDUE_DAYS must be a number of days, 1-365/);
  });
});

describe('the drill alert mail', () => {
  it('has every text in both languages', () => {
    expect(Object.keys(alertTexts.en)).toEqual(Object.keys(alertTexts.pl));
  });

  it('given two admins, then each gets one message in their language, keyed by the occurrence', () => {
    const mails = alertMails([{ email: 'a@example.com', language: 'pl' }, { email: 'b@example.com', language: 'en' }],
      { kind: 'failed', period: '2026-W50', at: '2026-12-13T04:30:00Z', message: 'The restore failed: <disk full>' }, { name: 'Gestalt Online', origin: 'https://gestalt.test' });
    expect(mails.map((m) => m.dedupeKey)).toEqual(['mail:backup-drill-failed:2026-W50:a@example.com', 'mail:backup-drill-failed:2026-W50:b@example.com']);
    const [pl, en] = mails.map((m) => m.payload as { subject: string; text: string; html: string });
    expect(pl!.subject).toBe('Gestalt Online: próba odtworzenia kopii zapasowej nie powiodła się');
    expect(pl!.text).toContain('13 grudnia 2026 05:30');
    expect(en!.text).toMatch(/13 December 2026.*5:30/);
    expect(en!.html).toContain('&lt;disk full&gt;');
    expect(en!.text).toContain('https://gestalt.test/admin');
  });
});
