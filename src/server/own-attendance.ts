import type { OwnAttendance } from '../../modules/attendance/index.ts';
import { warsawClock } from '../../modules/catalogue/index.ts';
import { formatHours } from '../../modules/certificates/index.ts';
import { formatDate, type Lang } from '../../modules/shared/text/index.ts';
import type { Translate } from '../i18n/index.ts';

export type OwnSessionView = {
  sessionId: string; start: string; end: string;
  /** "23 września 2026, 09:00–17:00": the day and the clock in Warsaw, in the reader's language. */
  when: string;
  status: 'present' | 'absent' | 'unrecorded'; statusText: string;
  /** Minutes attended when a participant report gave them. */
  minutes: number | null;
  hoursOffered: number; hoursCounted: number; hoursText: string;
};
export type OwnTrainingView = {
  productKey: string; title: string;
  hoursOffered: number; hoursAttended: number;
  threshold: { kind: 'every-session' } | { kind: 'min-hours'; hours: number };
  meetsThreshold: boolean;
  /** "6,5 h z 15 h; zaświadczenie od 13,25 h" (or after every session): where the buyer stands. */
  progress: string;
  sessions: OwnSessionView[];
};

/**
 * The buyer's own attendance as /moje-certyfikaty shows it and /api/user/attendance answers it: the same words in
 * both, in the reader's language, so an API client shows what the page shows.
 */
export function ownAttendanceView(trainings: readonly OwnAttendance[], lang: Lang, t: Translate): OwnTrainingView[] {
  const hours = (h: number) => formatHours(h, lang);
  return trainings.map((training) => {
    const present = training.sessions.filter((s) => s.present === true).length;
    const progress = training.threshold.kind === 'min-hours'
      ? t('attendance.mine.progressHours', { attended: hours(training.hoursAttended), offered: hours(training.hoursOffered), minimum: hours(training.threshold.hours) })
      : t('attendance.mine.progressEvery', { attended: hours(training.hoursAttended), offered: hours(training.hoursOffered), present, sessions: training.sessions.length });
    return {
      productKey: training.productKey, title: training.title[lang] || training.title.pl,
      hoursOffered: training.hoursOffered, hoursAttended: training.hoursAttended, threshold: training.threshold, meetsThreshold: training.meetsThreshold,
      progress,
      sessions: training.sessions.map((s): OwnSessionView => {
        const status = s.present === true ? 'present' : s.present === false ? 'absent' : 'unrecorded';
        const minutes = s.present === true ? s.minutes : null;
        return {
          sessionId: s.sessionId, start: s.start, end: s.end,
          when: t('attendance.mine.when', { date: formatDate(new Date(s.start), lang), from: warsawClock(s.start), to: warsawClock(s.end) }),
          status, statusText: minutes !== null ? t('attendance.mine.presentMinutes', { minutes }) : t(`attendance.mine.${status}`),
          minutes, hoursOffered: s.hoursOffered, hoursCounted: s.hoursCounted,
          hoursText: t('attendance.mine.hoursValue', { counted: hours(s.hoursCounted), offered: hours(s.hoursOffered) }),
        };
      }),
    };
  });
}
