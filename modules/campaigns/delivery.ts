import { Readable } from 'node:stream';
import type { SendMail, SendRaw } from '../mailing/index.ts';
import type { ModuleDb } from '../shared/db/index.ts';
import type { OutboxMessage } from '../shared/events/index.ts';
import type { Clock } from '../shared/kernel/index.ts';
import { renewClaim, type OutboxHandler } from '../shared/outbox/index.ts';
import { campaignComposer } from './compose.ts';
import { deliveryLedger, type CampaignMailPayload, type Claim, type Settled } from './ledger.ts';
import { campaignMail, type Recipient } from './mail.ts';
import type { CampaignsTables } from './schema.ts';

export const CAMPAIGN_MAIL_TOPIC = 'campaign-mail';

export const campaignMessage = (campaignId: string, userId: string): OutboxMessage =>
  ({ topic: CAMPAIGN_MAIL_TOPIC, dedupeKey: `campaign:${campaignId}:${userId}`, payload: { campaignId, userId } satisfies CampaignMailPayload });

export type DeliveryDeps = {
  db: ModuleDb<CampaignsTables>;
  log: { warn(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
  recipient(userId: string): Promise<Recipient | null>;
  /** The SMTP relay, or null: then the dev mailbox keeps the message. */
  relay: SendRaw | null;
  keepInDevMailbox: SendMail;
  /** Claims the next send slot (MAIL_RATE); answers how many milliseconds until it. */
  nextSlot(): Promise<number>;
  /** The lane's lease: a long wait for a slot renews the claim well before it runs out. */
  leaseMs: number;
  unsubscribeUrl(userId: string): string;
  from: string;
  site: string;
  /** The Date of each message. */
  clock: Clock;
  domain: string;
};

/**
 * Delivers one campaign message exactly once, across crashes and instances. The outbox worker's claim (SKIP
 * LOCKED, lease, renewal) keeps two workers from holding one row; what it cannot close alone is "sent but not
 * yet marked done". So the message goes to the relay as a stream (read only inside the DATA phase, see
 * modules/mailing/raw-relay.ts) that, before its last byte, commits an `in_doubt` mark, and only while our claim
 * still holds. The relay accepts a message only with the final "." that nodemailer writes after the stream ends:
 * - killed before the mark: the relay never saw the end of DATA and discards the message; the row is sent again;
 * - claim lost before the mark: the stream fails, the message is abandoned mid-DATA, the new holder sends it;
 * - a row found `in_doubt` by a later claim is settled as delivered without sending.
 * The one window left is between the mark's commit and the final dot (a few milliseconds): a crash there loses
 * the messages in it, it never sends one twice (at most once there, exactly once everywhere else). Marks of
 * messages reaching their end together commit in one statement (ledger.ts), so the window holds at most one
 * message per relay connection (modules/mailing: 4 per instance).
 * The dev mailbox needs none of this: it keeps a message once per Message-ID.
 */
export function campaignMailHandler(deps: DeliveryDeps): OutboxHandler {
  const { db } = deps;
  const letters = new Map<string, { subject: string; body: string }>();

  async function letterOf(campaignId: string) {
    let letter = letters.get(campaignId);
    if (!letter) {
      const row = await db.selectFrom('campaigns').select(['subject', 'body']).where('id', '=', campaignId).executeTakeFirst();
      if (!row) throw new Error(`campaign ${campaignId} is not in the read model`);
      letter = row;
      letters.set(campaignId, letter);
    }
    return letter;
  }

  const ledger = deliveryLedger(db);
  const compose = campaignComposer(deps.from, deps.clock);

  /** Extends our claim on the row; false when it is no longer ours. */
  const holdClaim = (outboxId: number, claimToken: string) => renewClaim(db, outboxId, claimToken, deps.leaseMs);

  /** Waits for the send slot, renewing the claim on the way, so a slow MAIL_RATE never lets another worker take the row meanwhile. */
  async function waitForSlot(outboxId: number, claimToken: string) {
    let remaining = await deps.nextSlot();
    while (remaining > 0) {
      const step = Math.min(remaining, deps.leaseMs / 3);
      await new Promise((resolve) => setTimeout(resolve, step));
      remaining -= step;
      if (remaining > 0 && !(await holdClaim(outboxId, claimToken))) throw new Error('outbox claim lost while waiting for a send slot');
    }
  }

  /** Settles the delivery and marks its outbox row done in one statement (see ledger.ts). */
  async function settled(p: CampaignMailPayload, outcome: Settled, claim: Claim): Promise<'done'> {
    if (!(await ledger.settle(p, outcome, claim))) deps.log.warn({ outboxId: claim.outboxId }, 'outbox claim lost before completion');
    return 'done';
  }

  return async (payload, message) => {
    const p = payload as CampaignMailPayload;
    const claim = { outboxId: message.id, claimToken: message.claimToken };
    const known = await ledger.known(p);
    if (known.outcome === 'in_doubt') {
      deps.log.warn({ outboxId: message.id, campaignId: p.campaignId, userId: p.userId }, 'campaign message was in doubt (sent up to the final dot before a crash): settled as delivered, not sent again');
      return settled(p, 'sent', claim);
    }
    if (known.outcome) return;
    if (known.unsubscribed) return settled(p, 'unsubscribed', claim);
    const to = await deps.recipient(p.userId);
    if (!to) return settled(p, 'skipped', claim);

    const unsubscribeUrl = deps.unsubscribeUrl(p.userId);
    const mail = campaignMail(await letterOf(p.campaignId), to, { site: deps.site, unsubscribeUrl });
    const messageId = `<campaign-${p.campaignId}-${p.userId}@${deps.domain}>`;
    await waitForSlot(message.id, message.claimToken);
    if (!deps.relay) {
      await deps.keepInDevMailbox(mail, messageId);
      return settled(p, 'sent', claim);
    }
    const { envelope, raw } = await compose(p.campaignId, mail, messageId, unsubscribeUrl);
    let marked = false;
    const stream = endsAfter(raw, async () => (marked = await ledger.markInDoubt(p, claim)));
    try {
      await deps.relay(envelope, stream);
    } catch (error) {
      // Before the mark the relay cannot have the message: retry. After it, an answer from the relay refused it
      // (retry too); no answer at all is the in-doubt case: the relay may have it, so it is not sent again.
      if (!marked) throw error;
      if ((error as { responseCode?: number }).responseCode) {
        await ledger.unmark(p);
        throw error;
      }
      deps.log.warn({ outboxId: message.id, campaignId: p.campaignId, userId: p.userId, err: error }, 'campaign message in doubt after the final dot: counted as delivered, not sent again');
    }
    return settled(p, 'sent', claim);
  };
}

/** The raw message as a stream that ends only once `beforeEnd` says yes; a no (or a failure) aborts it mid-DATA. */
function endsAfter(raw: Buffer, beforeEnd: () => Promise<boolean>): Readable {
  let pushed = false;
  return new Readable({
    read() {
      if (!pushed) {
        pushed = true;
        this.push(raw);
        return;
      }
      beforeEnd().then(
        (ok) => (ok ? this.push(null) : this.destroy(new Error('outbox claim lost before the end of DATA: the message is abandoned, its new holder sends it'))),
        (error: unknown) => this.destroy(error as Error),
      );
    },
  });
}
