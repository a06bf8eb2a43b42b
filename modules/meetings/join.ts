import { handleCommand, type Decider } from '../shared/kernel/index.ts';
import type { MeetingsDeps } from './deps.ts';
import type { MeetingProduct, MeetingPurchase } from './ports.ts';
import { joinLeadMs, joinWindow, sessionsOf } from './timing.ts';
import { joinClickedMessage } from './topics.ts';

/** A click on a personal join link that led to the meeting: attendance is counted from these (issue 25). */
export type JoinLinkClicked = { type: 'JoinLinkClicked'; data: { purchaseId: string; userId: string; sessionId: string; at: string } };
type RecordJoinClick = { type: 'RecordJoinClick'; purchaseId: string; userId: string; sessionId: string; at: string };

/** One stream per purchase: its clicks, in order. Every click is recorded; counting is the reader's business. */
export const attendanceDecider: Decider<RecordJoinClick, JoinLinkClicked, { clicks: number }> = {
  decide: (c) => [{ type: 'JoinLinkClicked', data: { purchaseId: c.purchaseId, userId: c.userId, sessionId: c.sessionId, at: c.at } }],
  evolve: (s) => ({ clicks: s.clicks + 1 }),
  initialState: () => ({ clicks: 0 }),
  concerns: { JoinLinkClicked: (e) => [e.data.userId] },
};
export const attendanceStreamOf = (purchaseId: string) => `meeting-attendance:${purchaseId}`;

/**
 * What a click on a join link comes to. `forged` (404): not our token or no such purchase; `not-yours` (403): signed
 * in as someone else; `ended` (410): refunded, withdrawn, revoked or its access over; `no-meeting` (404): the product
 * has no live link; `over` (410): its last session ended; `not-open` (200): the next session opens at `opensAt`;
 * `confirm` (200): open, but the link came without the buyer's sign-in and was not confirmed (a press of Join, a POST).
 * Mail scanners (Safe Links and the like) fetch every link in a mail when it arrives; a late reminder arrives inside
 * the join window, so a bare GET would record a click nobody made, and attendance counts full hours from a click.
 * `meetingOrigin`: the meeting's scheme and host only, which the page's form may lead to (CSP `form-action`).
 */
export type JoinDecision =
  | { kind: 'join'; url: string; sessionId: string }
  | { kind: 'confirm'; start: Date; meetingOrigin: string }
  | { kind: 'not-open'; opensAt: Date; start: Date }
  | { kind: 'forged' | 'not-yours' | 'ended' | 'no-meeting' | 'over' };

/** A link's scheme and host ('null' for one that is no URL: the page then allows no other form target). */
const originOf = (link: string) => { try { return new URL(link).origin; } catch { return 'null'; } };

/**
 * The rules of a click, pure: who clicked (null: not signed in, the token is their key), whether they pressed Join
 * (`confirmed`), the purchase, the product.
 */
export function joinDecision(input: { viewerId: string | null; confirmed: boolean; purchase: MeetingPurchase | null; product: MeetingProduct | null; now: Date }): JoinDecision {
  const { purchase, product, now } = input;
  if (!purchase || purchase.standing === 'none') return { kind: 'forged' };
  if (input.viewerId !== null && input.viewerId !== purchase.userId) return { kind: 'not-yours' };
  if (purchase.standing === 'ended') return { kind: 'ended' };
  if (!product || !product.liveLink) return { kind: 'no-meeting' };
  const window = joinWindow(sessionsOf(product), joinLeadMs(product), now);
  if (window.open) {
    return input.viewerId === null && !input.confirmed ? { kind: 'confirm', start: window.session.start, meetingOrigin: originOf(product.liveLink) }
      : { kind: 'join', url: product.liveLink, sessionId: window.session.id };
  }
  return 'over' in window ? { kind: 'over' } : { kind: 'not-open', opensAt: window.opensAt, start: window.session.start };
}

/** Clicks on join links: decided when clicked, the click recorded (JoinLinkClicked) before the redirect. */
export function joinHandlers(deps: MeetingsDeps, purchaseOfJoinToken: (token: string) => string | null) {
  return {
    /** `confirmed`: the Join button was pressed (a POST); a signed-in buyer's click needs no confirming. */
    async join(token: string, viewerId: string | null, confirmed = false): Promise<JoinDecision> {
      const purchaseId = purchaseOfJoinToken(token);
      if (!purchaseId) return { kind: 'forged' };
      const now = deps.clock();
      const purchase = await deps.ports.purchase(purchaseId, now);
      const product = purchase ? await deps.ports.product(purchase.productKey) : null;
      const decision = joinDecision({ viewerId, confirmed, purchase, product, now });
      if (decision.kind === 'join' && purchase) {
        await handleCommand(deps, attendanceDecider, attendanceStreamOf(purchaseId),
          { type: 'RecordJoinClick', purchaseId, userId: purchase.userId, sessionId: decision.sessionId, at: now.toISOString() },
          { metadata: { actor: purchase.userId }, outbox: (events) => events.map((e) => joinClickedMessage(e.data)) });
      }
      return decision;
    },
  };
}
