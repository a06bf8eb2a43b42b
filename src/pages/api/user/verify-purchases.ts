import { endpoint } from '../../../server/endpoint.ts';

/** A buyer back from the provider before its webhook: reconcile their open checkouts, then answer the updated user. */
export const POST = endpoint({
  auth: 'user',
  async handle({ user, services, context }) {
    try {
      await services.purchases.reconcile(user.id);
    } catch (error) {
      // The provider being unreachable must not hide what the user already owns.
      context.locals.runtime.log.warn({ err: error, requestId: context.locals.requestId }, 'purchase reconciliation failed');
    }
    return services.accounts.profile(user);
  },
});
