import { awaitedMailMessage } from '../mailing/index.ts';
import { DomainError, handleCommand, isDomainError } from '../shared/kernel/index.ts';
import type { PurchasesDeps } from './deps.ts';
import { purchaseDecider, streamOf, type PurchaseState } from './purchase.ts';
import type { PurchasesQueries } from './queries.ts';
import { refundHandlers, settledAtOnce } from './refunds.ts';
import { acknowledgementMail } from './withdrawal-mail.ts';
import { withdrawalTokens } from './withdrawal-link.ts';
import { withdrawalDeadline } from './withdrawal-period.ts';
import type { RightProduct, WithdrawalRight } from './withdrawal-right.ts';
import { refuseWithdrawal, type WithdrawalRule } from './withdrawal.ts';

type Paid = Extract<PurchaseState, { status: 'paid' }>;
type Buyer = { name: string; email: string; language: 'pl' | 'en' };

/** What the withdrawal page shows: the prefilled statement, and the amounts when the right is open. */
export type WithdrawalView = {
  purchaseId: string;
  title: { pl: string; en: string };
  paidAt: Date;
  buyer: { userId: string; name: string; email: string };
  /** The right as it stands now, or the rule that refuses it (the page says why, and offers no button). */
  right: Extract<WithdrawalRight, { open: true }> | { open: false; refusal: WithdrawalRule | 'not-paid' };
};

/** The offer on My Recordings: a purchase still in its period, with its signed link. */
export type WithdrawalOffer = { productKey: string; purchaseId: string; token: string; deadline: Date };

export function withdrawalHandlers(deps: PurchasesDeps, queries: PurchasesQueries) {
  const refunds = refundHandlers(deps, queries);
  async function paidPurchase(purchaseId: string) {
    const { state } = await queries.load(purchaseId);
    if (state.status === 'none' || !('purchase' in state) && state.status !== 'granted' && state.status !== 'revoked') return null;
    const productKey = state.status === 'granted' || state.status === 'revoked' ? state.grant.productKey : (state as Paid).purchase.productKey;
    const product = await deps.ports.listing(productKey);
    return product ? { state, product } : null;
  }

  const rightProduct = (p: RightProduct): RightProduct => ({ startsAt: p.startsAt, days: p.days, dailyEnd: p.dailyEnd, recordingAvailable: p.recordingAvailable });

  /** The purchase a signed link names; refuses `withdrawal-link-invalid` for a token this server did not make. */
  function purchaseOfToken(token: string): string {
    const purchaseId = withdrawalTokens(deps.secret).purchaseOf(token);
    if (!purchaseId) throw new DomainError('withdrawal-link-invalid');
    return purchaseId;
  }

  return {
    purchaseOfToken,

    /** The page's step 1 and 2 for a purchase (refuses `withdrawal-link-invalid` when there is no such paid purchase). */
    async withdrawalView(purchaseId: string): Promise<WithdrawalView> {
      const found = await paidPurchase(purchaseId);
      if (!found || found.state.status !== 'paid') throw new DomainError('withdrawal-link-invalid');
      const { state, product } = found as { state: Paid; product: NonNullable<Awaited<ReturnType<typeof deps.ports.listing>>> };
      const buyer = await deps.ports.buyers(state.purchase.userId);
      let right: WithdrawalView['right'];
      try {
        right = refuseWithdrawal(state, rightProduct(product), state.consents ?? [], deps.clock());
      } catch (error) {
        if (!isDomainError<WithdrawalRule | 'not-paid'>(error, 'withdrawal-not-purchase', 'withdrawal-exists', 'withdrawal-refunded',
          'withdrawal-period-over', 'withdrawal-right-ended', 'not-paid')) throw error;
        right = { open: false, refusal: error.code };
      }
      return { purchaseId, title: { pl: product.title, en: product.titleEn }, paidAt: new Date(state.purchase.paidAt),
        buyer: { userId: state.purchase.userId, name: buyer?.name ?? '', email: buyer?.email ?? '' }, right };
    },

    /**
     * Records a withdrawal: the statement, the refund asked for and the end of access, with the ownership released and
     * the acknowledgement mail in the same transaction. `userId` (the signed-in route) must be the buyer's
     * (`withdrawal-not-yours`); the link itself proves nothing more than the purchase it names.
     */
    async withdraw(input: { purchaseId: string; via: 'account' | 'link'; userId?: string }) {
      const found = await paidPurchase(input.purchaseId);
      if (!found) throw new DomainError(input.userId ? 'withdrawal-not-yours' : 'withdrawal-link-invalid');
      const owner = found.state.status === 'paid' ? (found.state as Paid).purchase.userId : found.state.status === 'granted' || found.state.status === 'revoked' ? found.state.grant.userId : null;
      if (input.userId && owner !== input.userId) throw new DomainError('withdrawal-not-yours');
      const buyer: Buyer | null = owner ? await deps.ports.buyers(owner) : null;
      const at = deps.clock().toISOString();
      const product = rightProduct(found.product);
      const title = { pl: found.product.title, en: found.product.titleEn };
      const refundId = deps.ids();
      const settled = settledAtOnce(found.state as PurchaseState, refundId);
      // The refund's own effects (the provider asked through the outbox, the buyer's refund notice, the ownership
      // released with the end of access) come from the refund handlers; the acknowledgement is the withdrawal's own.
      const options = await refunds.commandOptions(input.purchaseId, { actor: owner ?? 'withdrawal' });
      const { events, state } = await handleCommand(deps, purchaseDecider, streamOf(input.purchaseId), {
        type: 'Withdraw', purchaseId: input.purchaseId, via: input.via, product, consents: [], refundId, at, ...(settled ? { settled } : {}),
      }, {
        ...options,
        async prepare(tx, cmd, before) {
          const prepared = await options.prepare!(tx, cmd, before);
          return prepared.type === 'Withdraw' && before.status === 'paid' ? { ...prepared, consents: before.consents ?? [] } : prepared;
        },
        outbox: (decided, after) => [...options.outbox!(decided, after), ...decided.flatMap((e) => e.type === 'WithdrawalReceived' && buyer
          ? [awaitedMailMessage(`withdrawal-acknowledgement:${e.data.purchaseId}`, acknowledgementMail({ buyer, title, withdrawal: e.data,
            paidAt: new Date((found.state as Paid).purchase.paidAt), siteName: deps.siteName }))]
          : [])],
      });
      const received = events.find((e) => e.type === 'WithdrawalReceived')!;
      return { receivedAt: new Date(at), withdrawal: received.data, buyer: state.status === 'paid' ? state.purchase.userId : null };
    },

    /** My Recordings: the buyer's paid purchases whose right is still open now, each with its signed link. */
    async withdrawalOffers(userId: string): Promise<WithdrawalOffer[]> {
      const now = deps.clock();
      const paid = (await queries.purchasesOf(userId)).filter((p) => p.paid_at && withdrawalDeadline(new Date(p.paid_at)) > now);
      const offers = await Promise.all(paid.map(async (p) => {
        const found = await paidPurchase(p.purchase_id);
        if (!found || found.state.status !== 'paid') return null;
        const state = found.state as Paid;
        try {
          const right = refuseWithdrawal(state, rightProduct(found.product), state.consents ?? [], now);
          return { productKey: p.product_key, purchaseId: p.purchase_id, token: withdrawalTokens(deps.secret).tokenFor(p.purchase_id), deadline: right.deadline };
        } catch (error) {
          if (error instanceof DomainError) return null;
          throw error;
        }
      }));
      return offers.filter((o): o is WithdrawalOffer => o !== null);
    },
  };
}
