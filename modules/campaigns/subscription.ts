import type { Decider } from '../shared/kernel/index.ts';

/** Whether a user still receives campaigns: unsubscribing once is enough, asking again changes nothing. */
export type SubscriptionEvent = { type: 'UserUnsubscribed'; data: { userId: string; unsubscribedAt: string } };
export type Unsubscribe = { type: 'Unsubscribe'; userId: string; now: Date };
export type SubscriptionState = { unsubscribed: boolean };

export const subscriptionStream = (userId: string) => `subscription-${userId}`;

export const subscriptionDecider: Decider<Unsubscribe, SubscriptionEvent, SubscriptionState> = {
  initialState: () => ({ unsubscribed: false }),
  concerns: { UserUnsubscribed: (e) => [e.data.userId] },
  evolve: () => ({ unsubscribed: true }),
  decide: (command, state) => (state.unsubscribed ? [] : [{ type: 'UserUnsubscribed', data: { userId: command.userId, unsubscribedAt: command.now.toISOString() } }]),
};
