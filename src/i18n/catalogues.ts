/**
 * The two catalogues, assembled from one file per area so areas can grow independently.
 * Each area types its English part against its Polish part, so a missing English key fails type checking;
 * tests/i18n/i18n.test.ts fails on a key present in one language only.
 */
import * as accounts from './messages/accounts.ts';
import * as admin from './messages/admin.ts';
import * as attendance from './messages/attendance.ts';
import * as adminPanel from './messages/admin-panel.ts';
import * as audit from './messages/audit.ts';
import * as backup from './messages/backup.ts';
import * as catalogue from './messages/catalogue.ts';
import * as certificates from './messages/certificates.ts';
import * as campaigns from './messages/campaigns.ts';
import * as adminTools from './messages/admin-tools.ts';
import * as core from './messages/core.ts';
import * as invoiceDocuments from './messages/invoice-documents.ts';
import * as invoicing from './messages/invoicing.ts';
import * as maintenance from './messages/maintenance.ts';
import * as media from './messages/media.ts';
import * as meetings from './messages/meetings.ts';
import * as payments from './messages/payments.ts';
import * as productFields from './messages/product-fields.ts';
import * as purchases from './messages/purchases.ts';
import * as recordings from './messages/recordings.ts';
import * as recordingPlayer from './messages/recording-player.ts';
import * as refunds from './messages/refunds.ts';
import * as sessions from './messages/sessions.ts';
import * as waitlist from './messages/waitlist.ts';
import * as withdrawal from './messages/withdrawal.ts';

export const pl = { ...core.pl, ...accounts.pl, ...catalogue.pl, ...purchases.pl, ...admin.pl, ...audit.pl, ...campaigns.pl, ...adminPanel.pl, ...productFields.pl, ...payments.pl, ...adminTools.pl, ...media.pl, ...withdrawal.pl, ...refunds.pl, ...invoicing.pl, ...invoiceDocuments.pl, ...sessions.pl, ...meetings.pl, ...waitlist.pl, ...certificates.pl, ...attendance.pl, ...recordings.pl, ...recordingPlayer.pl, ...maintenance.pl, ...backup.pl } as const;
export type MessageKey = keyof typeof pl;
export const en: Record<MessageKey, string> = { ...core.en, ...accounts.en, ...catalogue.en, ...purchases.en, ...admin.en, ...audit.en, ...campaigns.en, ...adminPanel.en, ...productFields.en, ...payments.en, ...adminTools.en, ...media.en, ...withdrawal.en, ...refunds.en, ...invoicing.en, ...invoiceDocuments.en, ...sessions.en, ...meetings.en, ...waitlist.en, ...certificates.en, ...attendance.en, ...recordings.en, ...recordingPlayer.en, ...maintenance.en, ...backup.en };
