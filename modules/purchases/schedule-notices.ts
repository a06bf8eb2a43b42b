import type { RemindersChange, ScheduleChange } from '../catalogue/index.ts';
import { mailMessage } from '../mailing/index.ts';
import { joinLinks, reminderReplanMessage } from '../meetings/index.ts';
import { addToOutbox, type OutboxHandler } from '../shared/outbox/index.ts';
import { liveEndOf, withinAccessWindow } from './access.ts';
import type { PurchasesDeps } from './deps.ts';
import type { ProductForSale } from './ports.ts';
import { scheduleChangeMail } from './schedule-change-mail.ts';

/** One row per (purchase, schedule revision): that buyer's notice of that change, and their reminders planned again. */
export const SCHEDULE_NOTICE_TOPIC = 'purchase-schedule-notice';

type NoticePayload = { purchaseId: string; change: ScheduleChange };

/** The product as a change left it: its sessions, and the start and live end they stand for. */
function asChanged(product: ProductForSale, change: ScheduleChange): ProductForSale {
  const sessions = change.sessions.map((s) => ({ id: s.id, start: new Date(s.start), end: new Date(s.end) }))
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  return { ...product, sessions, liveAt: sessions[0]!.start, liveEndsAt: liveEndOf({ liveAt: sessions[0]!.start, sessions }) };
}

/**
 * Telling buyers of a schedule change, as background work in two steps, each an outbox row: the catalogue's
 * announcement (one per product revision) fans out to one row per purchase active now, keyed by (purchase, revision);
 * each of those queues that buyer's mail and their reminders' re-planning, both keyed by the same pair, in one
 * statement. A crash at any point, or two instances, repeat a step at worst, and its dedupe keys make it queue nothing
 * new: each buyer gets each change's mail once.
 */
export function scheduleNoticeHandlers(deps: PurchasesDeps) {
  const joins = joinLinks(deps.secret, deps.ports.origin);

  /**
   * The catalogue's announcement: a row for each purchase giving access now (bought or granted) that was paid before
   * the change; one paid since was sold, and invited to, the new schedule.
   */
  const scheduleChanged: OutboxHandler = async (payload) => {
    const change = payload as ScheduleChange;
    const rows = await deps.db.selectFrom('purchases').select('purchase_id')
      .where('product_key', '=', change.productKey).where(withinAccessWindow(deps.clock()))
      .$if(change.at !== undefined, (q) => q.where('paid_at', '<', new Date(change.at!)))
      .orderBy('purchase_id').execute();
    await addToOutbox(deps.db, rows.map((r) => ({
      topic: SCHEDULE_NOTICE_TOPIC, dedupeKey: `schedule-notice:${r.purchase_id}:${change.revision}`,
      payload: { purchaseId: r.purchase_id, change } satisfies NoticePayload,
    })));
  };

  /** The catalogue's announcement of new reminder offsets: each purchase giving access now has its reminders planned again. */
  const remindersChanged: OutboxHandler = async (payload) => {
    const change = payload as RemindersChange;
    const rows = await deps.db.selectFrom('purchases').select('purchase_id')
      .where('product_key', '=', change.productKey).where(withinAccessWindow(deps.clock())).orderBy('purchase_id').execute();
    await addToOutbox(deps.db, rows.map((r) => reminderReplanMessage(r.purchase_id, `o${Date.parse(change.at)}`)));
  };

  /** One buyer's notice: nothing for a purchase that no longer gives access (refunded, withdrawn since). */
  const notice: OutboxHandler = async (payload) => {
    const { purchaseId, change } = payload as NoticePayload;
    const now = deps.clock();
    const row = await deps.db.selectFrom('purchases').select(['user_id', 'product_key']).where('purchase_id', '=', purchaseId)
      .where(withinAccessWindow(now)).executeTakeFirst();
    if (!row) return;
    const replan = reminderReplanMessage(purchaseId, `r${change.revision}`);
    const [buyer, current] = await Promise.all([deps.ports.buyers(row.user_id), deps.ports.products(change.productKey)]);
    if (!buyer || !current) {
      await addToOutbox(deps.db, [replan]);
      return;
    }
    const product = asChanged(current, change);
    const watchUrl = new URL(`/watch-video/${product.key}`, deps.ports.origin()).href;
    const meetingAhead = product.liveLink !== null && liveEndOf(product) > now;
    const mail = scheduleChangeMail({ buyer, product, purchaseId, change, watchUrl, organizer: deps.organizer, siteName: deps.siteName, stamp: now,
      ...(meetingAhead ? { joinUrl: joins.joinLink(purchaseId) } : {}) });
    await addToOutbox(deps.db, [mailMessage(`schedule-change:${purchaseId}:${change.revision}`, mail), replan]);
  };

  return { scheduleChanged, remindersChanged, outboxHandlers: { [SCHEDULE_NOTICE_TOPIC]: notice } as Record<string, OutboxHandler> };
}
