import type { ModuleDb } from '../shared/db/index.ts';
import { randomIds, systemClock, type ModuleContext } from '../shared/kernel/index.ts';
import { attendanceCommands } from './commands.ts';
import type { AttendanceDeps } from './deps.ts';
import { importHandlers } from './import.ts';
import type { AttendancePorts } from './ports.ts';
import { attendanceProjection } from './projection.ts';
import type { AttendanceTables } from './schema.ts';

export { CERTIFICATE_CHECK_TOPIC, certificateCheckMessage, type CertificateCheckPayload } from './topics.ts';
export { hoursCounted, sessionMinutes } from './hours-counted.ts';
export { meetsThreshold, summarize, type AttendanceSummary, type SessionAttendance } from './threshold.ts';
export { sessionAttendanceDecider, sessionAttendanceStream, type AttendanceMark, type AttendanceMarked, type AttendanceSource, type MarkInput, type SessionCommand } from './session-decider.ts';
export { decodeReport, parseReport, EXPECTED_HEADER, MAX_REPORT_BYTES, MAX_REPORT_ROWS, type ReportRow } from './report.ts';
export { looseName, matchPeople, peopleOf, type ReportPerson } from './matching.ts';
export type { ImportPlan } from './import.ts';
export type { AttendanceSheet, JoinClick, OwnAttendance } from './commands.ts';
export type { AttendanceBuyer, AttendancePorts, AttendanceProduct, AttendancePurchase, CertificateThreshold, SessionWorth } from './ports.ts';
export type { AttendanceTables } from './schema.ts';

/**
 * Attendance (issue 25): per (purchase, session) present or absent, minutes when known, from a click on the join link
 * (a first signal), the admin's ticks and an imported participant report; every change an event, and a
 * 'certificate-check' outbox row for each purchase it changes. `summaryOf` is what certificates read.
 */
export function createAttendance(ctx: ModuleContext, ports: AttendancePorts) {
  const deps: AttendanceDeps = {
    db: ctx.db as unknown as ModuleDb<AttendanceTables>, store: ctx.store, clock: ctx.clock ?? systemClock, ids: ctx.ids ?? randomIds, ports,
  };
  const commands = attendanceCommands(deps);
  const imports = importHandlers(commands);
  return {
    projections: [attendanceProjection],
    recordJoinClick: commands.recordJoinClick,
    tick: commands.tick,
    markAllPresent: commands.markAllPresent,
    sheet: commands.sheet,
    summaryOf: commands.summaryOf,
    attendanceOf: commands.attendanceOf,
    previewImport: imports.previewImport,
    applyImport: imports.applyImport,
  };
}

export type Attendance = ReturnType<typeof createAttendance>;
