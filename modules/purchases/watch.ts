import { hasAccess } from './access.ts';

export type WatchAccess = { kind: 'none' } | { kind: 'active'; accessUntil: Date } | { kind: 'expired'; accessUntil: Date };

export type WatchView =
  | { kind: 'access-denied' }
  | { kind: 'access-expired'; accessUntil: Date }
  | { kind: 'event-over' }
  | { kind: 'playback' }
  | { kind: 'pre-event'; canJoin: boolean };

/**
 * A buyer's access to one product from their paid purchases of it: active while one is inside its access
 * window, expired once the window of one has closed, none otherwise (never paid, or paid for a later moment).
 */
export function watchAccess(paid: readonly { paidAt: Date | null; accessUntil: Date | null }[], now: Date): WatchAccess {
  const active = paid.find((p) => hasAccess(p, now));
  if (active) return { kind: 'active', accessUntil: active.accessUntil! };
  const ended = paid.filter((p) => p.accessUntil !== null && p.accessUntil <= now).map((p) => p.accessUntil!);
  return ended.length > 0 ? { kind: 'expired', accessUntil: new Date(Math.max(...ended.map((d) => d.getTime()))) } : { kind: 'none' };
}

/**
 * What the watch page shows (spec section 4), decided on the server. Ownership comes first: a visitor
 * who does not own the product sees Access Denied whatever the date, so nothing about the recording
 * or the live link leaks to them. `isEventOver` is the catalogue's 24-hour rule, given `liveAt` as the live part's end
 * (the last session's, `liveEndOf`). Join is offered from `joinOpensAt`
 * (the product's setting, e.g. 30 minutes before the start), not as soon as a link exists.
 */
export function watchView(
  input: { access: WatchAccess; liveAt: Date; joinOpensAt: Date; hasRecording: boolean; hasLiveLink: boolean; now: Date },
  isEventOver: (startsAt: Date, now: Date) => boolean,
): WatchView {
  if (input.access.kind === 'none') return { kind: 'access-denied' };
  if (input.access.kind === 'expired') return { kind: 'access-expired', accessUntil: input.access.accessUntil };
  if (isEventOver(input.liveAt, input.now)) return input.hasRecording ? { kind: 'playback' } : { kind: 'event-over' };
  return { kind: 'pre-event', canJoin: input.hasLiveLink && input.now >= input.joinOpensAt };
}
