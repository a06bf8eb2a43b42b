import { DomainError } from '../shared/kernel/index.ts';
import type { attendanceCommands } from './commands.ts';
import { hoursCounted, sessionMinutes } from './hours-counted.ts';
import { matchPeople, peopleOf, type ReportPerson } from './matching.ts';
import type { AttendanceBuyer } from './ports.ts';
import { decodeReport, parseReport } from './report.ts';

/** What an import of a report will do, shown before it is applied (and applied exactly so). */
export type ImportPlan = {
  sessionId: string;
  sessionMinutes: number;
  rows: number;
  /** The very same row twice, counted once. */
  duplicates: number;
  /**
   * Per buyer: the minutes the report gives them (summed over their connections), the hours those minutes count
   * (hoursCounted), how they were found.
   */
  matched: { purchaseId: string; name: string; email: string; minutes: number; hours: number; people: { key: string; name: string; by: 'email' | 'name' | 'assigned' }[] }[];
  /** People of the report no buyer was found for: skipped unless the admin assigns them to one. */
  unmatched: ReportPerson[];
  /** Buyers the report does not name: left as they are. */
  notInReport: { purchaseId: string; name: string; email: string }[];
  /** Why it cannot be applied: buyers with more minutes than the session lasts. Empty: it can. */
  tooLong: { purchaseId: string; name: string; minutes: number }[];
};

type Commands = ReturnType<typeof attendanceCommands>;

/** The import of a participant report for one session: a preview, and an apply that records it whole in one decision or refuses it whole. */
export function importHandlers(commands: Commands) {
  async function plan(productKey: string, sessionId: string, bytes: Uint8Array, assignments: Readonly<Record<string, string>>): Promise<ImportPlan> {
    const { session } = await commands.productAndSession(productKey, sessionId);
    const rows = parseReport(decodeReport(bytes));
    const buyers = await commands.buyersOf(productKey);
    const byPurchase = new Map(buyers.map((b) => [b.purchaseId, b]));
    const { people, duplicates } = peopleOf(rows);
    const keys = new Set(people.map((p) => p.key));
    const assigned = new Map<string, AttendanceBuyer>();
    for (const [key, purchaseId] of Object.entries(assignments)) {
      if (!keys.has(key)) throw new DomainError('attendance-assign-invalid', { person: key });
      const buyer = byPurchase.get(purchaseId);
      if (!buyer) throw new DomainError('attendance-unknown-purchase', { purchaseId });
      assigned.set(key, buyer);
    }
    const { matched, unmatched } = matchPeople(people, buyers, assigned);
    const perBuyer = new Map<string, ImportPlan['matched'][number]>();
    for (const m of matched) {
      // In place: one entry per buyer, however many of the report's people are theirs.
      let entry = perBuyer.get(m.buyer.purchaseId);
      if (!entry) perBuyer.set(m.buyer.purchaseId, (entry = { purchaseId: m.buyer.purchaseId, name: m.buyer.name, email: m.buyer.email, minutes: 0, hours: 0, people: [] }));
      entry.minutes += m.person.minutes;
      entry.people.push({ key: m.person.key, name: m.person.name, by: m.by });
    }
    const limit = sessionMinutes(session);
    const found = [...perBuyer.values()];
    for (const m of found) m.hours = hoursCounted(session, { present: m.minutes > 0, minutes: m.minutes });
    return {
      sessionId, sessionMinutes: limit, rows: rows.length, duplicates, matched: found, unmatched,
      notInReport: buyers.filter((b) => !perBuyer.has(b.purchaseId)).map(({ purchaseId, name, email }) => ({ purchaseId, name, email })),
      tooLong: found.filter((m) => m.minutes > limit).map(({ purchaseId, name, minutes }) => ({ purchaseId, name, minutes })),
    };
  }

  return {
    /** What importing `bytes` for the session would record; nothing is recorded. */
    previewImport: plan,
    /**
     * Records the preview's marks (present with the report's minutes) in one decision: all of them, or, when a buyer
     * has more minutes than the session lasts (`attendance-report-too-long`, naming them) or anything else is wrong, none.
     */
    async applyImport(productKey: string, sessionId: string, bytes: Uint8Array, assignments: Readonly<Record<string, string>>, actor: string) {
      const planned = await plan(productKey, sessionId, bytes, assignments);
      const first = planned.tooLong[0];
      if (first) throw new DomainError('attendance-report-too-long', { name: first.name, minutes: first.minutes, limit: planned.sessionMinutes });
      const userOf = new Map((await commands.buyersOf(productKey)).map((b) => [b.purchaseId, b.userId]));
      const marks = planned.matched.map((m) => ({ purchaseId: m.purchaseId, userId: userOf.get(m.purchaseId)!, present: m.minutes > 0, minutes: m.minutes }));
      const { changed } = await commands.mark(productKey, sessionId, marks, 'import', actor);
      return { plan: planned, changed };
    },
  };
}
