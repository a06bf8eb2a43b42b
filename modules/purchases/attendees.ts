import { DomainError } from '../shared/kernel/index.ts';
import type { PurchasesDeps } from './deps.ts';

/** One person on an event's attendee list (the admin panel, spec 2): contact details from accounts, the date from their first paid purchase. */
export type Attendee = { userId: string; name: string; email: string; phone: string; purchaseDate: string };
export type AttendeeList = { product: { key: string; title: string; titleEn: string }; attendees: Attendee[] };

/**
 * Who paid for a product: each buyer once, with their first paid purchase, oldest first. Duplicate payments
 * (refund due or refunded) and open or expired checkouts own nothing; a buyer whose personal data is erased is left out.
 * An unknown product is refused with `attendees-unknown-product`.
 */
export function attendeeQueries(deps: Pick<PurchasesDeps, 'db' | 'ports'>) {
  const { db, ports } = deps;
  const paidOwners = (productKey: string) => db.selectFrom('purchases')
    .select(['user_id', (eb) => eb.fn.min('paid_at').as('first_paid_at')])
    .where('product_key', '=', productKey).where('status', '=', 'paid')
    .groupBy('user_id').orderBy('first_paid_at').orderBy('user_id').execute();

  return {
    async attendees(productKey: string): Promise<AttendeeList> {
      const product = await ports.listing(productKey);
      if (!product) throw new DomainError('attendees-unknown-product', { key: productKey });
      const owners = await paidOwners(productKey);
      const contacts = await ports.contacts(owners.map((o) => o.user_id));
      const attendees = owners.flatMap((o) => {
        const contact = contacts.get(o.user_id);
        return contact ? [{ userId: o.user_id, ...contact, purchaseDate: new Date(o.first_paid_at as Date | string).toISOString() }] : [];
      });
      return { product: { key: product.key, title: product.title, titleEn: product.titleEn }, attendees };
    },
  };
}
