import { LetterBody } from '../../../../server/campaign-input.ts';
import { endpoint } from '../../../../server/endpoint.ts';

/**
 * POST /api/admin/campaigns/preview `{ subject, body, language? }` (admin): the mass e-mail rendered on the server by
 * the template of the real mail, for the signed-in admin as its recipient: `{ subject, text, html }`. Sends nothing.
 * Blank subject or body 400 "subject and body cannot be empty" (spec 8).
 */
export const POST = endpoint({
  auth: 'admin',
  body: LetterBody,
  failure: 'campaigns.failed',
  handle: ({ body, user, services }) => services.campaigns.preview(body, user.id, body.language),
});
