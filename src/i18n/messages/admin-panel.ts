/**
 * The admin panel's screens (/admin, spec section 2 "Admin panel"), one file per panel section under
 * admin-panel/. The API's own messages (spec 8) live in admin.ts and purchases.ts; the panel shows those as the
 * server sends them and falls back to them. Keys are prefixed with "adminPanel."; every key needs both languages.
 */
import * as attendance from './admin-panel/attendance.ts';
import * as audit from './admin-panel/audit.ts';
import * as catalogue from './admin-panel/catalogue.ts';
import * as certificates from './admin-panel/certificates.ts';
import * as facilitators from './admin-panel/facilitators.ts';
import * as frame from './admin-panel/frame.ts';
import * as inbox from './admin-panel/inbox.ts';
import * as invoices from './admin-panel/invoices.ts';
import * as invoicing from './admin-panel/invoicing.ts';
import * as mail from './admin-panel/mail.ts';
import * as payments from './admin-panel/payments.ts';
import * as people from './admin-panel/people.ts';
import * as productFields from './admin-panel/product-fields.ts';
import * as recording from './admin-panel/recording.ts';
import * as sessions from './admin-panel/sessions.ts';
import * as system from './admin-panel/system.ts';
import * as work from './admin-panel/work.ts';

export const pl = { ...frame.pl, ...catalogue.pl, ...people.pl, ...mail.pl, ...audit.pl, ...productFields.pl, ...payments.pl, ...inbox.pl, ...facilitators.pl, ...invoicing.pl, ...invoices.pl, ...sessions.pl, ...certificates.pl, ...work.pl, ...attendance.pl, ...recording.pl, ...system.pl } as const;

export const en: Record<keyof typeof pl, string> = { ...frame.en, ...catalogue.en, ...people.en, ...mail.en, ...audit.en, ...productFields.en, ...payments.en, ...inbox.en, ...facilitators.en, ...invoicing.en, ...invoices.en, ...sessions.en, ...certificates.en, ...work.en, ...attendance.en, ...recording.en, ...system.en };
