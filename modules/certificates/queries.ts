import type { Kysely } from 'kysely';
import { DomainError } from '../shared/kernel/index.ts';
import { PUBLIC_ID } from './document.ts';
import type { CertificatesTables } from './schema.ts';

/** A certificate in a list (the holder's, the panel's). `holderName`: null once the account is deleted. */
export type CertificateSummary = {
  certificateId: string; number: string; purchaseId: string; userId: string; productKey: string; title: { pl: string; en: string };
  hoursOffered: number; hoursAttended: number; issuedAt: string; firstDay: string; lastDay: string; year: number;
  status: 'valid' | 'revoked' | 'replaced'; revokedAt: string | null; revokedReason: string | null;
  replacedBy: { certificateId: string; number: string } | null; replaces: string | null; holderName: string | null;
};

/**
 * What the public page shows: the holder's name (null when the account is deleted), the training, the hours, the
 * date and the state. Nothing else about the person (no e-mail, no purchase, no user id, no revocation reason).
 */
export type CertificateVerification = {
  certificateId: string; number: string; holderName: string | null; holderErased: boolean; title: { pl: string; en: string };
  hoursOffered: number; hoursAttended: number; issuedAt: string; firstDay: string; lastDay: string;
  status: 'valid' | 'revoked' | 'replaced'; revokedAt: string | null; replacedBy: { certificateId: string; number: string } | null;
};

export type YearOfHours = { year: number; hours: number; certificates: CertificateSummary[] };
/** Hours by year (valid certificates only), and the total of the last five calendar years up to `to`. */
export type EducationSummary = { years: YearOfHours[]; fiveYears: { from: number; to: number; hours: number } };

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function certificateQueries(db: Kysely<CertificatesTables>) {
  const rows = () => db.selectFrom('certificates as c').leftJoin('certificate_holders as h', 'h.certificate_id', 'c.certificate_id').selectAll('c').select('h.name as holder_name');
  type Row = Awaited<ReturnType<ReturnType<typeof rows>['execute']>>[number];
  const view = (r: Row): CertificateSummary => ({
    certificateId: r.certificate_id, number: r.number, purchaseId: r.purchase_id, userId: r.user_id, productKey: r.product_key,
    title: { pl: r.title_pl, en: r.title_en }, hoursOffered: Number(r.hours_offered), hoursAttended: Number(r.hours_attended),
    issuedAt: iso(r.issued_at)!, firstDay: r.first_day, lastDay: r.last_day, year: Number(r.year), status: r.status,
    revokedAt: iso(r.revoked_at), revokedReason: r.revoked_reason,
    replacedBy: r.replaced_by && r.replaced_by_number ? { certificateId: r.replaced_by, number: r.replaced_by_number } : null,
    replaces: r.replaces_number, holderName: r.holder_erased ? null : (r.holder_name ?? null),
  });
  return {
    /** A holder's certificates, newest first. */
    async certificatesOf(userId: string): Promise<CertificateSummary[]> {
      return (await rows().where('c.user_id', '=', userId).orderBy('c.issued_at', 'desc').orderBy('c.number', 'desc').execute()).map(view);
    },
    /** The panel's list: newest first, optionally one year of issue (Warsaw year of the number). */
    async adminList(filter: { year?: number } = {}): Promise<CertificateSummary[]> {
      let q = rows();
      if (filter.year) q = q.where('c.number', 'like', `%/${filter.year}/%`);
      return (await q.orderBy('c.issued_at', 'desc').orderBy('c.number', 'desc').limit(2000).execute()).map(view);
    },
    /** One certificate's row for its holder or an admin; anyone else (and an unknown id): `certificate-not-found`. */
    async rowFor(certificateId: string, caller: { userId: string; admin: boolean }): Promise<CertificateSummary> {
      const row = PUBLIC_ID.test(certificateId) ? await rows().where('c.certificate_id', '=', certificateId).executeTakeFirst() : undefined;
      if (!row || (!caller.admin && row.user_id !== caller.userId)) throw new DomainError('certificate-not-found');
      return view(row);
    },
    /** The public page's facts; a malformed or unknown id: `certificate-not-found`. */
    async verification(certificateId: string): Promise<CertificateVerification> {
      const row = PUBLIC_ID.test(certificateId) ? await rows().where('c.certificate_id', '=', certificateId).executeTakeFirst() : undefined;
      if (!row) throw new DomainError('certificate-not-found');
      const c = view(row);
      return {
        certificateId: c.certificateId, number: c.number, holderName: c.holderName, holderErased: row.holder_erased, title: c.title,
        hoursOffered: c.hoursOffered, hoursAttended: c.hoursAttended, issuedAt: c.issuedAt, firstDay: c.firstDay, lastDay: c.lastDay,
        status: c.status, revokedAt: c.revokedAt, replacedBy: c.replacedBy,
      };
    },
    /** What a therapist hands to a certification body: valid certificates' attended hours by year, and five years' total. */
    async educationSummary(userId: string, thisYear: number): Promise<EducationSummary> {
      const valid = (await rows().where('c.user_id', '=', userId).where('c.status', '=', 'valid').orderBy('c.last_day').orderBy('c.number').execute()).map(view);
      const years = new Map<number, YearOfHours>();
      for (const c of valid) {
        const entry = years.get(c.year) ?? { year: c.year, hours: 0, certificates: [] };
        entry.hours += c.hoursAttended;
        entry.certificates.push(c);
        years.set(c.year, entry);
      }
      const from = thisYear - 4;
      const hours = valid.filter((c) => c.year >= from && c.year <= thisYear).reduce((sum, c) => sum + c.hoursAttended, 0);
      return { years: [...years.values()].sort((a, b) => b.year - a.year), fiveYears: { from, to: thisYear, hours } };
    },
  };
}

export type CertificateQueries = ReturnType<typeof certificateQueries>;
