import * as v from 'valibot';

/** Missing text reads as empty, so it gets the spec's "subject and body cannot be empty" rather than a bare invalid body. */
const text = (max: number) => v.optional(v.pipe(v.string('campaigns.empty'), v.maxLength(max, 'error.invalidBody')), '');

/** A mass e-mail's letter as the preview and the test take it: the limits of POST /api/mass-email. */
export const LetterBody = v.object({
  subject: text(300),
  body: text(50_000),
  /** The preview's reader language; the test goes in the admin's own. */
  language: v.optional(v.picklist(['pl', 'en'], 'error.invalidBody')),
}, 'error.invalidBody');
