import * as v from 'valibot';
import { endpoint } from '../../../../../server/endpoint.ts';
import { json } from '../../../../../server/http.ts';
import { buyerParty, InvoiceBuyerBody } from '../../../../../server/invoicing-input.ts';

const params = v.object({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)) });

/**
 * POST /api/user/purchases/{id}/invoice (user): asks for the invoice of one of the caller's paid purchases, within three
 * months of the end of the month of payment (VAT Act Art. 106b ust. 3); it is issued at once and mailed. 201 with the
 * caller's invoices. 400 per field (`issues`), 404 for a purchase not the caller's, 409 paid too long ago, already
 * requested, or the institute's seller data incomplete. A refused request takes no number.
 */
export const POST = endpoint({
  auth: 'user', params, body: InvoiceBuyerBody, fieldIssues: true,
  async handle({ params: { id }, body, user, lang, services, context }) {
    await services.invoicing.requestLater({ purchaseId: id, userId: user.id, buyer: buyerParty(body), language: lang }, user.id, context.locals.requestId);
    return json(await services.invoicing.invoicesOf(user.id), 201);
  },
});
