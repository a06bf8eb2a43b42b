import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { OutboxHandler } from '../shared/outbox/index.ts';
import { addOrReschedule, completeClaimsAfter, postponeClaim } from '../shared/outbox/index.ts';
import type { MeetingsDeps } from './deps.ts';
import type { MeetingRemindersTable } from './schema.ts';
import { reminderMail } from './reminder-mail.ts';
import { joinLeadMs, normalOffsets, REMINDER_OFFSETS, reminderMoment, reminderVerdict, remindersToPlan, sessionsOf } from './timing.ts';
import { MEETING_TOPICS, reminderDedupeKey, type ReminderPayload, type ReminderSchedulePayload } from './topics.ts';

/**
 * A reminder's Message-ID, fixed by (purchase, session, kind): a resend after a crash between the relay's acceptance
 * and our commit is the same message to every mail client. Hashed: session ids may hold characters a Message-ID may not.
 */
export function reminderMessageId(p: ReminderPayload, domain: string): string {
  const hash = createHash('sha256').update(`${p.purchaseId}\n${p.sessionId}\n${p.offset}`).digest('base64url').slice(0, 32);
  return `<reminder.${hash}@${domain}>`;
}

type Outcome = MeetingRemindersTable['outcome'];

/**
 * The reminders' two outbox handlers. `schedule` (a purchase was paid, or its product's schedule changed) writes one
 * timed row per reminder still due, or moves the queued one to its moment;
 * `remind` decides again when the row comes due (access, session, time left), sends with the fixed Message-ID and
 * records the outcome in the sent-ledger in the statement that completes the claim. A ledger row means "settled":
 * a row delivered again after that (a lost claim, a second instance) sends nothing.
 */
export function reminderHandlers(deps: MeetingsDeps, joinLink: (purchaseId: string) => string) {
  const offsetsOf = async (productKey: string) => normalOffsets((await deps.ports.reminderOffsets?.(productKey)) ?? REMINDER_OFFSETS);

  const schedule: OutboxHandler = async (payload) => {
    const { purchaseId } = payload as ReminderSchedulePayload;
    const now = deps.clock();
    const purchase = await deps.ports.purchase(purchaseId, now);
    if (purchase?.standing !== 'active') return;
    const product = await deps.ports.product(purchase.productKey);
    if (!product) return;
    const planned = remindersToPlan(sessionsOf(product), await offsetsOf(product.key), now);
    // Planned again after a schedule change: a reminder still queued moves to its new moment (earlier too).
    await addOrReschedule(deps.db, planned.map((r) => {
      const reminder: ReminderPayload = { purchaseId, sessionId: r.sessionId, offset: r.offset };
      // Due now: no not-before time, so the database's clock and ours need not agree to the second.
      return { topic: MEETING_TOPICS.remind, dedupeKey: reminderDedupeKey(reminder), payload: reminder, ...(r.notBefore > now ? { notBefore: r.notBefore } : {}) };
    }));
  };

  const remind: OutboxHandler = async (payload, message) => {
    const p = payload as ReminderPayload;
    const kind = String(p.offset);
    const settle = async (outcome: Outcome, messageId: string | null = null) => {
      const ledger = sql`ledger as (insert into meeting_reminders (purchase_id, session_id, kind, outcome, message_id, at)
        values (${p.purchaseId}, ${p.sessionId}, ${kind}, ${outcome}, ${messageId}, ${deps.clock()}) on conflict do nothing)`;
      await completeClaimsAfter(ledger, [{ outboxId: message.id, claimToken: message.claimToken }]).execute(deps.db);
      return 'done' as const;
    };
    const settled = await deps.db.selectFrom('meeting_reminders').select('outcome')
      .where('purchase_id', '=', p.purchaseId).where('session_id', '=', p.sessionId).where('kind', '=', kind).executeTakeFirst();
    if (settled) return settle(settled.outcome);
    const now = deps.clock();
    const purchase = await deps.ports.purchase(p.purchaseId, now);
    // Refunded, withdrawn or revoked since it was planned: no reminder.
    if (purchase?.standing !== 'active') return settle('skipped-ended');
    const product = await deps.ports.product(purchase.productKey);
    const sessions = product ? sessionsOf(product) : [];
    const index = sessions.findIndex((s) => s.id === p.sessionId);
    const session = sessions[index];
    if (!product || !session) return settle('skipped-gone');
    const offsets = await offsetsOf(product.key);
    // The product no longer reminds this long before: the ones it has now say it.
    if (!offsets.includes(p.offset)) return settle('skipped-superseded');
    const verdict = reminderVerdict(session, p.offset, offsets, now);
    if (!verdict.send && verdict.why === 'early') {
      // The session moved later since the row was written: the reminder waits for its new moment.
      await postponeClaim(deps.db, message.id, message.claimToken, reminderMoment(session.start, p.offset));
      return 'done';
    }
    if (!verdict.send) return settle(verdict.why === 'started' ? 'skipped-started' : 'skipped-superseded');
    const buyer = await deps.ports.buyer(purchase.userId);
    if (!buyer) return settle('skipped-gone');
    const messageId = reminderMessageId(p, deps.domain);
    await deps.ports.send(reminderMail({
      to: buyer.email, name: buyer.name, language: buyer.language, title: product.title, start: session.start,
      number: index + 1, count: sessions.length, minutesLeft: verdict.minutesLeft, leadMinutes: Math.round(joinLeadMs(product) / 60_000),
      joinUrl: joinLink(p.purchaseId), siteName: deps.siteName,
    }), messageId);
    return settle('sent', messageId);
  };

  return { [MEETING_TOPICS.schedule]: schedule, [MEETING_TOPICS.remind]: remind } as Record<string, OutboxHandler>;
}
