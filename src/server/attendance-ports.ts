import type { AttendancePorts } from '../../modules/attendance/index.ts';
import { hoursBySession, sessionsOf, type Catalogue } from '../../modules/catalogue/index.ts';
import { isDomainError } from '../../modules/shared/kernel/index.ts';
import type { Purchases } from '../../modules/purchases/index.ts';

/** The purchases that hold a seat now: paid (refunded in part or not) or granted by hand. */
const HOLDING = new Set(['paid', 'granted', 'partlyRefunded', 'refundPending']);

/**
 * What attendance reads of the catalogue (each session's hours, the certificate threshold) and of purchases (a
 * purchase, a product's buyers with their names and addresses from accounts), wired by the composition root.
 */
export function attendancePorts(catalogue: Catalogue, purchases: () => Purchases): AttendancePorts {
  return {
    async purchase(purchaseId) {
      const found = await purchases().purchaseStanding(purchaseId);
      return found && found.standing !== 'none' ? { purchaseId: found.purchaseId, userId: found.userId, productKey: found.productKey } : null;
    },
    async product(key) {
      const product = await catalogue.ownedProduct(key);
      if (!product) return null;
      const sessions = hoursBySession(sessionsOf(product), product.breakTime, product.sessionHours).map(({ id, start, end, hours }) => ({ id, start, end, hours }));
      const min = product.certificateMinHours;
      return {
        key, sessions, threshold: typeof min === 'number' ? { kind: 'min-hours', hours: min } : { kind: 'every-session' },
        title: { pl: product.title, en: product.titleEn || product.title },
      };
    },
    async purchasesOf(userId) {
      // Paid purchases (a grant is one), newest first: the first of each product is the one that holds it.
      const seen = new Set<string>();
      return (await purchases().purchasesOf(userId)).filter((p) => !seen.has(p.product_key) && seen.add(p.product_key))
        .map((p) => ({ purchaseId: p.purchase_id, userId, productKey: p.product_key }));
    },
    async buyers(productKey) {
      try {
        const list = await purchases().attendees(productKey);
        return list.attendees.filter((a) => HOLDING.has(a.state)).map(({ purchaseId, userId, name, email }) => ({ purchaseId, userId, name, email }));
      } catch (error) {
        if (isDomainError(error, 'attendees-unknown-product')) return null;
        throw error;
      }
    },
  };
}
