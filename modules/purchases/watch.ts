import { isEventOver } from './access.ts';

export type WatchAccess = { kind: 'none' } | { kind: 'active'; accessUntil: Date } | { kind: 'expired'; accessUntil: Date };

export type WatchView =
  | { kind: 'access-denied' }
  | { kind: 'access-expired'; accessUntil: Date }
  | { kind: 'event-over' }
  | { kind: 'playback' }
  | { kind: 'pre-event'; canJoin: boolean };

/**
 * What the watch page shows (spec section 4), decided on the server. Ownership comes first: a visitor
 * who does not own the product sees Access Denied whatever the date, so nothing about the recording
 * or the live link leaks to them.
 */
export function watchView(input: { access: WatchAccess; liveAt: Date; hasRecording: boolean; hasLiveLink: boolean; now: Date }): WatchView {
  if (input.access.kind === 'none') return { kind: 'access-denied' };
  if (input.access.kind === 'expired') return { kind: 'access-expired', accessUntil: input.access.accessUntil };
  if (isEventOver(input.liveAt, input.now)) return input.hasRecording ? { kind: 'playback' } : { kind: 'event-over' };
  return { kind: 'pre-event', canJoin: input.hasLiveLink };
}
