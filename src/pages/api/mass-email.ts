import * as v from 'valibot';
import { endpoint } from '../../server/endpoint.ts';

/** Missing text reads as empty, so it gets the spec's "subject and body cannot be empty" rather than a bare invalid body. */
const text = (max: number) => v.optional(v.pipe(v.string('campaigns.empty'), v.maxLength(max, 'error.invalidBody')), '');

const MassEmailBody = v.object({
  subject: text(300),
  body: text(50_000),
  target: v.pipe(v.string('error.invalidBody'), v.trim(), v.minLength(1, 'error.invalidBody'), v.maxLength(200, 'error.invalidBody')),
  language: v.optional(v.string('error.invalidBody')),
}, 'error.invalidBody');

/**
 * POST /api/mass-email (admin): starts a campaign to every verified user (`target: "all"`) or a product's paying
 * buyers, delivered in the background at MAIL_RATE; answers `{ message, campaignId }` at once. An `Idempotency-Key`
 * header makes a repeat from the same admin answer the same campaign and send nothing new. Blank subject or body
 * 400, unknown product 404 "Nieznany film", anything else 500 "Błąd podczas wysyłania e-maila." (spec 8).
 */
export const POST = endpoint({
  auth: 'admin',
  body: MassEmailBody,
  failure: 'campaigns.failed',
  handle: async ({ body, user, services, t, context }) => {
    const key = context.request.headers.get('idempotency-key')?.trim().slice(0, 200) || undefined;
    const { campaignId } = await services.campaigns.start({ subject: body.subject, body: body.body, target: body.target, idempotencyKey: key }, user.id);
    return { message: t('campaigns.started'), campaignId };
  },
});
