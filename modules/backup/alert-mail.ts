// The admins' mail when the restore drill fails or has not passed for too long, in each admin's language (tested
// for parity). Once per occurrence: the dedupe key names the failed drill's period, or the last passing drill.
import { mailMessage, escapeHtml } from '../mailing/index.ts';
import type { OutboxMessage } from '../shared/events/index.ts';
import { fillTemplate, formatDate } from '../shared/text/index.ts';

export const alertTexts = {
  pl: {
    failedSubject: '{site}: próba odtworzenia kopii zapasowej nie powiodła się',
    failedBody: 'Próba odtworzenia najnowszej kopii zapasowej ({at}) nie powiodła się:\n\n{message}\n\nKopie zapasowe mogą nie nadawać się do odtworzenia. Sprawdź dziennik serwera i miejsce na dysku, a potem wykonaj kopię ręcznie (npm run backup).',
    overdueSubject: '{site}: od {days} dni żadna kopia zapasowa nie została sprawdzona',
    overdueBody: 'Od {since} żadna próba odtworzenia kopii zapasowej się nie powiodła (ostatnie {days} dni). Sprawdź, czy serwer wykonuje kopie i próby (ustawienia BACKUP_SCHEDULE i DRILL_SCHEDULE) i czy w dzienniku nie ma błędów.',
    panel: 'Stan kopii: {url}',
  },
  en: {
    failedSubject: '{site}: the backup restore drill failed',
    failedBody: 'Restoring the latest backup as a drill ({at}) failed:\n\n{message}\n\nThe backups may not restore. Check the server log and the free disk space, then take a backup by hand (npm run backup).',
    overdueSubject: '{site}: no backup has been verified for {days} days',
    overdueBody: 'No restore drill has passed since {since} (the last {days} days). Check that the server takes backups and runs drills (the settings BACKUP_SCHEDULE and DRILL_SCHEDULE) and that its log shows no errors.',
    panel: 'Backup status: {url}',
  },
} as const;

export type Admin = { email: string; language: 'pl' | 'en' };

export type Alert = { kind: 'failed'; period: string; at: string; message: string } | { kind: 'overdue'; since: string; days: number };

const paragraphs = (text: string) => text.split('\n\n').map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`).join('');

/** One message per admin, each in their language. */
export function alertMails(admins: readonly Admin[], alert: Alert, site: { name: string; origin: string }): OutboxMessage[] {
  return admins.map(({ email, language }) => {
    const t = alertTexts[language];
    const vars: Record<string, string | number> = alert.kind === 'failed'
      ? { site: site.name, at: formatDate(new Date(alert.at), language, 'dayTime'), message: alert.message }
      : { site: site.name, since: formatDate(new Date(alert.since), language, 'dayTime'), days: alert.days };
    const subject = fillTemplate(alert.kind === 'failed' ? t.failedSubject : t.overdueSubject, vars);
    const body = fillTemplate(alert.kind === 'failed' ? t.failedBody : t.overdueBody, vars);
    const panel = fillTemplate(t.panel, { url: `${site.origin}/admin` });
    const key = alert.kind === 'failed' ? `backup-drill-failed:${alert.period}:${email}` : `backup-drill-overdue:${alert.since}:${email}`;
    return mailMessage(key, { to: email, subject, text: `${body}\n\n${panel}\n`, html: `${paragraphs(body)}<p>${escapeHtml(panel)}</p>` });
  });
}
