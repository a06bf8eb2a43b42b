import { DomainError, type Decider } from '../shared/kernel/index.ts';

export type AttendanceSource = 'join-click' | 'admin' | 'import';

/** One buyer's attendance of one session as it stands: present or not, minutes when known, and who said so when. */
export type AttendanceMark = { userId: string; present: boolean; minutes: number | null; source: AttendanceSource; by: string | null; at: string };

/**
 * Every change of one buyer's attendance of one session (the audit trail). `change` names the command that made it:
 * one id for all the marks of one tick, one "mark all" or one import. No names or addresses: ids only.
 */
export type AttendanceMarked = {
  type: 'AttendanceMarked';
  data: { productKey: string; sessionId: string; purchaseId: string; userId: string; present: boolean; minutes: number | null; source: AttendanceSource; by: string | null; at: string; change: string };
};

/** What the admin (a tick, "mark all present") or an import says of some buyers; `minutes` null when not known. */
export type MarkInput = { purchaseId: string; userId: string; present: boolean; minutes: number | null };

export type SessionCommand =
  | { type: 'RecordJoinClick'; productKey: string; sessionId: string; purchaseId: string; userId: string; at: string; change: string }
  | {
    type: 'MarkAttendance'; productKey: string; sessionId: string; source: 'admin' | 'import'; marks: MarkInput[]; sessionMinutes: number; by: string; at: string; change: string;
    /** "All present": marks those not present yet, and leaves the present as they are (an import's minutes included). */
    onlyNotPresent?: boolean;
  };

export type SessionState = { marks: Record<string, AttendanceMark> };

/** One stream per (product, session): a tick, "mark all" and an import of that session are each one decision. */
export const sessionAttendanceStream = (productKey: string, sessionId: string) => `attendance:${productKey}:${sessionId}`;

/** Whether a mark says what is recorded already: the same presence and the same minutes (absent has none). */
const same = (mark: AttendanceMark | undefined, input: MarkInput) => mark !== undefined && mark.present === input.present
  && mark.minutes === (input.present ? input.minutes : null);

/** The state after `events`, the marks copied once (not once per event). */
function evolveAll(state: SessionState, events: readonly AttendanceMarked[]): SessionState {
  const marks = { ...state.marks };
  for (const { data } of events) marks[data.purchaseId] = { userId: data.userId, present: data.present, minutes: data.minutes, source: data.source, by: data.by, at: data.at };
  return { marks };
}

/**
 * The rules of a session's attendance:
 * - a click on the join link (inside the session's window: meetings records only those) is a first signal: it marks a
 *   buyer present only when nothing is recorded of them yet, so it never overrides the admin or an import;
 * - the admin and an import say what is (present or absent, minutes when known) and win over whatever was there: the
 *   latest word stands, so the admin's tick "present" (no minutes) after an import drops the import's minutes, and the
 *   session counts its full hours again (hours-counted.ts); an import after a tick brings its minutes back;
 * - "all present" (`onlyNotPresent`) marks only the buyers not present yet: it fills the gaps of a sheet and never
 *   wipes the minutes a report gave the others;
 * - minutes are a whole number from 0 to the session's length, or the whole command is refused
 *   (`attendance-minutes-too-many`, naming the purchase): nothing of it is recorded;
 * - a mark that says what is already recorded records nothing.
 */
export const sessionAttendanceDecider: Decider<SessionCommand, AttendanceMarked, SessionState> = {
  initialState: () => ({ marks: {} }),
  concerns: { AttendanceMarked: (e) => [e.data.userId] },
  evolve: (state, event) => evolveAll(state, [event]),
  // A session of 5,000 buyers has 5,000 events in its history and in one "all present": the marks are copied once.
  evolveAll,
  decide(command, state) {
    const { productKey, sessionId, at, change } = command;
    if (command.type === 'RecordJoinClick') {
      if (state.marks[command.purchaseId]) return [];
      return [{ type: 'AttendanceMarked', data: { productKey, sessionId, purchaseId: command.purchaseId, userId: command.userId, present: true, minutes: null, source: 'join-click', by: command.userId, at, change } }];
    }
    for (const m of command.marks) {
      if (m.minutes !== null && (!Number.isInteger(m.minutes) || m.minutes < 0 || m.minutes > command.sessionMinutes)) {
        throw new DomainError('attendance-minutes-too-many', { purchaseId: m.purchaseId, minutes: m.minutes, limit: command.sessionMinutes });
      }
    }
    const latest = new Map(command.marks.map((m) => [m.purchaseId, m]));
    const wanted = [...latest.values()].filter((m) => !(command.onlyNotPresent && state.marks[m.purchaseId]?.present === true));
    return wanted.filter((m) => !same(state.marks[m.purchaseId], m)).map((m) => ({
      type: 'AttendanceMarked' as const,
      data: { productKey, sessionId, purchaseId: m.purchaseId, userId: m.userId, present: m.present, minutes: m.present ? m.minutes : null, source: command.source, by: command.by, at, change },
    }));
  },
};
