/**
 * The buyer's invoice details as the forms hold them ("Chcę fakturę" in the buy panel, "Poproś o fakturę" on My
 * Recordings): pure rules, kept apart from the components so they are tested without a browser.
 */
import { checkNip, type NipReason } from '../../../modules/shared/text/index.ts';

export type InvoiceDraft = { name: string; nip: string; address: { street: string; postalCode: string; city: string; country: string } };
export type InvoiceField = 'name' | 'nip' | 'address.street' | 'address.postalCode' | 'address.city' | 'address.country';

/** Every string the fields show, in the page's language (picked on the server from the catalogue). */
export type InvoiceLabels = {
  want: string; legend: string; name: string; nip: string; nipHint: string; street: string; postalCode: string; city: string; country: string;
  nipMessages: Record<Exclude<NipReason, 'empty'>, string>;
  /** The form's own buttons and notes (My Recordings' request form). */
  request: string; send: string; sending: string; cancel: string; failed: string; fixFields: string;
};

export const blankDraft = (): InvoiceDraft => ({ name: '', nip: '', address: { street: '', postalCode: '', city: '', country: 'PL' } });

/** The body both endpoints take; an empty NIP is a consumer's invoice. */
export const bodyOf = (draft: InvoiceDraft) => ({ name: draft.name, nip: draft.nip.trim() === '' ? null : draft.nip, address: draft.address });

/**
 * What to say beside the NIP as it is typed: nothing while empty (a consumer may leave it so), a wrong character or
 * check digit at once, a number of the wrong length only once the buyer leaves the field (it is short while typed).
 */
export function nipMessage(nip: string, left: boolean, labels: InvoiceLabels): string | null {
  if (nip.trim() === '') return null;
  const checked = checkNip(nip);
  if (checked.ok) return null;
  if (checked.reason === 'empty' || (checked.reason === 'length' && !left)) return null;
  return labels.nipMessages[checked.reason];
}

export type InvoiceIssues = Partial<Record<InvoiceField, string>>;

/**
 * The server's refusal, by field of this form: a checkout names them under `invoice.` (`invoice.nip`), the later
 * request by themselves; a module's refusal names the NIP alone (`nip`). Others are left to the form's note.
 */
export function invoiceIssuesOf(body: unknown): InvoiceIssues {
  const issues = (body as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return {};
  const found: InvoiceIssues = {};
  for (const issue of issues as { field?: unknown; message?: unknown }[]) {
    if (typeof issue?.field !== 'string' || typeof issue.message !== 'string') continue;
    const field = issue.field.replace(/^invoice\./, '');
    // The address object itself (a missing one) is told at its first line.
    const at = (field === 'address' ? 'address.street' : field) as InvoiceField;
    if (FIELDS.includes(at) && found[at] === undefined) found[at] = issue.message;
  }
  return found;
}

export const FIELDS: readonly InvoiceField[] = ['name', 'nip', 'address.street', 'address.postalCode', 'address.city', 'address.country'];

/** The issues once the buyer edits `field`: its own message goes (the NIP's is then the one checked as typed). */
export const withoutIssue = (issues: InvoiceIssues, field: InvoiceField): InvoiceIssues =>
  Object.fromEntries(Object.entries(issues).filter(([at]) => at !== field));
