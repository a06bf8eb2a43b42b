import { DomainError, handleCommand } from '../shared/kernel/index.ts';
import type { AttendanceDeps } from './deps.ts';
import { hoursCounted, sessionMinutes } from './hours-counted.ts';
import type { AttendanceBuyer, AttendanceProduct, SessionWorth } from './ports.ts';
import { sessionAttendanceDecider, sessionAttendanceStream, type AttendanceMarked, type AttendanceSource, type MarkInput } from './session-decider.ts';
import { summarize, type AttendanceSummary } from './threshold.ts';
import { certificateCheckMessage } from './topics.ts';

/** A click on a join link as meetings records it (JoinLinkClicked), carried to attendance by the outbox. */
export type JoinClick = { purchaseId: string; userId: string; sessionId: string; at: string };

/** The admin's sheet of one product: its sessions and, per buyer, each session's mark (absent from `marks`: none yet). */
export type AttendanceSheet = {
  productKey: string;
  sessions: SessionWorth[];
  buyers: { purchaseId: string; userId: string; name: string; email: string; marks: Record<string, { present: boolean; minutes: number | null; hoursCounted: number; source: AttendanceSource; at: string }> }[];
};


/** A training the buyer holds, with their attendance of it (the buyer's own view). */
export type OwnAttendance = AttendanceSummary & { title: { pl: string; en: string } };

/** The certificate-check rows of a change: one per purchase whose attendance it changed. */
const checks = (events: AttendanceMarked[]) => [...new Set(events.map((e) => e.data.purchaseId))]
  .map((purchaseId) => certificateCheckMessage(purchaseId, events[0]!.data.change));

export function attendanceCommands(deps: AttendanceDeps) {
  const { db, ports } = deps;

  async function productAndSession(productKey: string, sessionId: string): Promise<{ product: AttendanceProduct; session: SessionWorth }> {
    const product = await ports.product(productKey);
    if (!product) throw new DomainError('attendance-unknown-product', { key: productKey });
    const session = product.sessions.find((s) => s.id === sessionId);
    if (!session) throw new DomainError('attendance-unknown-session', { sessionId });
    return { product, session };
  }

  async function buyersOf(productKey: string): Promise<AttendanceBuyer[]> {
    const buyers = await ports.buyers(productKey);
    if (!buyers) throw new DomainError('attendance-unknown-product', { key: productKey });
    return buyers;
  }

  /** Records marks of one session in one decision (admin or import): all of them, or none when one is refused. */
  async function mark(productKey: string, sessionId: string, marks: MarkInput[], source: 'admin' | 'import', actor: string, onlyNotPresent = false) {
    const { session } = await productAndSession(productKey, sessionId);
    const decided = await handleCommand(deps, sessionAttendanceDecider, sessionAttendanceStream(productKey, sessionId), {
      type: 'MarkAttendance', productKey, sessionId, source, marks, sessionMinutes: sessionMinutes(session), by: actor, at: deps.clock().toISOString(), change: deps.ids(), onlyNotPresent,
    }, { metadata: { actor }, outbox: checks });
    return { changed: decided.events.length };
  }

  /** Marks from the admin's ticks: each purchase must be a buyer of the product now (`attendance-unknown-purchase`). */
  async function marksOf(productKey: string, ticks: readonly { purchaseId: string; present: boolean }[]): Promise<MarkInput[]> {
    const buyers = new Map((await buyersOf(productKey)).map((b) => [b.purchaseId, b]));
    return ticks.map((t) => {
      const buyer = buyers.get(t.purchaseId);
      if (!buyer) throw new DomainError('attendance-unknown-purchase', { purchaseId: t.purchaseId });
      return { purchaseId: t.purchaseId, userId: buyer.userId, present: t.present, minutes: null };
    });
  }

  return {
    mark,
    buyersOf,
    productAndSession,

    /**
     * A click that joined a session (meetings' JoinLinkClicked, through the outbox): present, unless the buyer's
     * attendance of that session is recorded already. A purchase or session no longer known records nothing.
     */
    async recordJoinClick(click: JoinClick): Promise<void> {
      const purchase = await ports.purchase(click.purchaseId);
      const product = purchase ? await ports.product(purchase.productKey) : null;
      if (!purchase || !product || !product.sessions.some((s) => s.id === click.sessionId)) return;
      await handleCommand(deps, sessionAttendanceDecider, sessionAttendanceStream(product.key, click.sessionId), {
        type: 'RecordJoinClick', productKey: product.key, sessionId: click.sessionId, purchaseId: click.purchaseId, userId: purchase.userId, at: click.at, change: deps.ids(),
      }, { metadata: { actor: purchase.userId }, outbox: checks });
    },

    /** The admin ticks (or unticks) buyers for one session. */
    async tick(productKey: string, sessionId: string, ticks: { purchaseId: string; present: boolean }[], actor: string) {
      await productAndSession(productKey, sessionId);
      return mark(productKey, sessionId, await marksOf(productKey, ticks), 'admin', actor);
    },

    /** "Mark all present": every buyer holding the product now and not present yet, present at the session, in one decision. */
    async markAllPresent(productKey: string, sessionId: string, actor: string) {
      await productAndSession(productKey, sessionId);
      const buyers = await buyersOf(productKey);
      return mark(productKey, sessionId, buyers.map((b) => ({ purchaseId: b.purchaseId, userId: b.userId, present: true, minutes: null })), 'admin', actor, true);
    },

    /** The admin's sheet: every session and every buyer now holding the product, with what is recorded. */
    async sheet(productKey: string): Promise<AttendanceSheet> {
      const product = await ports.product(productKey);
      if (!product) throw new DomainError('attendance-unknown-product', { key: productKey });
      const buyers = await buyersOf(productKey);
      const rows = await db.selectFrom('attendance_marks').selectAll().where('product_key', '=', productKey).execute();
      const sessions = new Map(product.sessions.map((s) => [s.id, s]));
      const byPurchase = new Map<string, AttendanceSheet['buyers'][number]['marks']>();
      for (const r of rows) {
        const session = sessions.get(r.session_id);
        if (!session) continue; // a session the product no longer has
        const marks = byPurchase.get(r.purchase_id) ?? {};
        marks[r.session_id] = { present: r.present, minutes: r.minutes, hoursCounted: hoursCounted(session, r), source: r.source, at: new Date(r.marked_at).toISOString() };
        byPurchase.set(r.purchase_id, marks);
      }
      return { productKey, sessions: product.sessions, buyers: buyers.map((b) => ({ ...b, marks: byPurchase.get(b.purchaseId) ?? {} })) };
    },

    /** A purchase's attendance, hours and whether it meets its product's certificate threshold; null for an unknown purchase or product. */
    async summaryOf(purchaseId: string): Promise<AttendanceSummary | null> {
      const purchase = await ports.purchase(purchaseId);
      const product = purchase ? await ports.product(purchase.productKey) : null;
      if (!purchase || !product) return null;
      const marks = await db.selectFrom('attendance_marks').select(['session_id', 'present', 'minutes', 'source']).where('purchase_id', '=', purchaseId).execute();
      return summarize(purchase, product, marks);
    },

    /**
     * A buyer's own attendance: each training they hold that has sessions, with its summary, the training whose first
     * session is latest first. Only purchases of `userId` and marks of `userId`: nothing of anyone else's.
     */
    async attendanceOf(userId: string): Promise<OwnAttendance[]> {
      const held = (await ports.purchasesOf(userId)).filter((p) => p.userId === userId);
      const withProducts = await Promise.all(held.map(async (purchase) => ({ purchase, product: await ports.product(purchase.productKey) })));
      const trainings = withProducts.filter((t): t is { purchase: typeof t.purchase; product: AttendanceProduct } => t.product !== null && t.product.sessions.length > 0);
      if (trainings.length === 0) return [];
      const marks = await db.selectFrom('attendance_marks').select(['purchase_id', 'session_id', 'present', 'minutes', 'source'])
        .where('user_id', '=', userId).where('purchase_id', 'in', trainings.map((t) => t.purchase.purchaseId)).execute();
      const firstStart = (t: OwnAttendance) => t.sessions.map((s) => s.start).sort()[0] ?? '';
      return trainings.map(({ purchase, product }) => ({
        ...summarize(purchase, product, marks.filter((m) => m.purchase_id === purchase.purchaseId)),
        title: product.title ?? { pl: product.key, en: product.key },
      })).sort((a, b) => firstStart(b).localeCompare(firstStart(a)));
    },
  };
}
