import type { Projection, RecordedEvent } from '../shared/events/index.ts';
import type { CertificateEvent } from './certificate.ts';
import { daysOf } from './document.ts';
import type { CertificatesTables } from './schema.ts';

/**
 * `certificates` from the certificate streams, and an account's deletion (UserDeleted, accounts' event): the rows
 * stay with their numbers and hours, marked `holder_erased`, and the names kept beside them are deleted in the same
 * transaction as the deletion. That table is not this projection's (a rebuild must not empty it): replaying a
 * deletion finds nothing left to delete.
 */
export const certificatesProjection: Projection<CertificatesTables> = {
  name: 'certificates.certificates',
  tables: ['certificates'],
  async apply(tx, recorded: RecordedEvent) {
    if (recorded.type === 'UserDeleted') {
      const { userId } = recorded.data as { userId: string };
      await tx.updateTable('certificates').set({ holder_erased: true }).where('user_id', '=', userId).execute();
      await tx.deleteFrom('certificate_holders').where('user_id', '=', userId).execute();
      return;
    }
    const event = recorded as unknown as CertificateEvent;
    switch (event.type) {
      case 'CertificateIssued': {
        const c = event.data.certificate;
        const days = daysOf(c);
        await tx.insertInto('certificates').values({
          certificate_id: c.certificateId, number: c.number, purchase_id: c.purchaseId, user_id: c.userId, product_key: c.productKey,
          language: c.language, title_pl: c.title.pl, title_en: c.title.en, hours_offered: c.hoursOffered, hours_attended: c.hoursAttended,
          issued_at: c.issuedAt, first_day: days.first, last_day: days.last, year: Number(days.last.slice(0, 4)), status: 'valid',
          revoked_at: null, revoked_reason: null, replaced_by: null, replaced_by_number: null, replaces_number: c.replaces?.number ?? null, holder_erased: false,
        }).onConflict((k) => k.column('certificate_id').doNothing()).execute();
        return;
      }
      case 'CertificateRevoked':
        await tx.updateTable('certificates').set({ status: 'revoked', revoked_at: event.data.at, revoked_reason: event.data.reason })
          .where('certificate_id', '=', event.data.certificateId).where('status', '=', 'valid').execute();
        return;
      case 'CertificateReplaced':
        await tx.updateTable('certificates').set({ status: 'replaced', replaced_by: event.data.by.certificateId, replaced_by_number: event.data.by.number })
          .where('certificate_id', '=', event.data.certificateId).execute();
        return;
      default:
    }
  },
};
