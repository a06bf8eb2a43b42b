import * as v from 'valibot';
import { DomainError } from '../../../../../../modules/shared/kernel/index.ts';
import { endpoint } from '../../../../../server/endpoint.ts';

const params = v.object({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)) });

/**
 * The signed-in route of the withdrawal function: GET the prefilled statement and the amounts, POST to withdraw.
 * Only the buyer's own purchase (`withdrawal-not-yours` for anyone else's); the refusals are those of the signed link.
 */
export const GET = endpoint({
  auth: 'user', params,
  async handle({ params: { id }, user, services }) {
    const view = await services.purchases.withdrawalView(id).catch(() => null);
    if (!view || view.buyer.userId !== user.id) throw new DomainError('withdrawal-not-yours');
    return view;
  },
});

export const POST = endpoint({
  auth: 'user', params,
  async handle({ params: { id }, user, services }) {
    const done = await services.purchases.withdraw({ purchaseId: id, via: 'account', userId: user.id });
    return done.withdrawal;
  },
});
