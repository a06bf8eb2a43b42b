import { endpoint } from '../../../server/endpoint.ts';
import { ownAttendanceView } from '../../../server/own-attendance.ts';

/**
 * GET /api/user/attendance (user): the caller's own attendance, per training they hold that has sessions: each
 * session present, absent or not recorded yet, the hours counted of the hours offered, and where they stand towards
 * the certificate, in the caller's language. Only the caller's purchases: never anyone else's.
 */
export const GET = endpoint({
  auth: 'user',
  async handle({ user, services, lang, t }) {
    return { trainings: ownAttendanceView(await services.attendance.attendanceOf(user.id), lang, t) };
  },
});
