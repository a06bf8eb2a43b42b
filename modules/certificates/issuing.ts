/**
 * Issuing, revoking and re-issuing. A certificate takes its number from the CERT series in the transaction that
 * records it (modules/shared/numbering), and under that series' lock it reads whether the purchase already has a
 * standing certificate: two deliveries of 'certificate-check', or a check and an admin, cannot both issue one.
 * (The lock is per series and year: only issues on both sides of New Year's midnight in Warsaw could pass each other.)
 * The PDF is never rendered inside that transaction: the mail is a message of its own (CERTIFICATE_TOPICS.mail).
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { EventMetadata, EventStore } from '../shared/events/index.ts';
import { appendAlongside, DomainError, handleCommand, loadState, type Clock } from '../shared/kernel/index.ts';
import { takeDocumentNumber } from '../shared/numbering/index.ts';
import { certificateDecider, certificateStream, type CertificateState, type IssueCertificate } from './certificate.ts';
import { CERTIFICATE_SERIES, type CertificateDraft, type Language } from './document.ts';
import type { AttendanceSummary, CertificatePorts } from './ports.ts';
import type { CertificatesTables } from './schema.ts';
import { CERTIFICATE_TOPICS } from './topics.ts';

export type IssuingDeps = {
  db: Kysely<any>;
  store: EventStore;
  clock: Clock;
  /** The public id of a new certificate (tests pass fixed ones). */
  publicId: () => string;
  siteName: string;
  ports: CertificatePorts;
};

export const randomPublicId = () => randomBytes(12).toString('base64url');

export function issuingHandlers(deps: IssuingDeps) {
  const kernel = { db: deps.db, store: deps.store };
  const load = async (certificateId: string, tx?: Kysely<any>) =>
    (await loadState(kernel, certificateDecider, certificateStream(certificateId), tx as never)).state;

  /** The certificate's content from the other modules, as they stand now. */
  async function draftFor(summary: AttendanceSummary, via: CertificateDraft['via'], replaces: CertificateDraft['replaces']) {
    const [holder, product, institute] = await Promise.all([deps.ports.holder(summary.userId), deps.ports.product(summary.productKey), deps.ports.institute()]);
    if (!holder) return null;
    const draft: CertificateDraft = {
      certificateId: deps.publicId(), language: holder.language, purchaseId: summary.purchaseId, userId: summary.userId, productKey: summary.productKey,
      title: product?.title ?? { pl: summary.productKey, en: summary.productKey },
      sessions: summary.sessions.map((s) => ({ start: s.start, end: s.end, hoursOffered: s.hoursOffered, present: s.present, ...(s.hoursCounted === undefined ? {} : { hoursCounted: s.hoursCounted }) }))
        .sort((a, b) => a.start.localeCompare(b.start)),
      place: product?.place ?? { pl: '', en: '' }, hoursOffered: summary.hoursOffered, hoursAttended: summary.hoursAttended,
      facilitators: product?.facilitators ?? [],
      institute: institute ? { name: institute.name, addressLines: institute.addressLines, nip: institute.nip ?? null } : { name: deps.siteName, addressLines: [], nip: null },
      replaces, via,
    };
    return { draft, holderName: holder.name };
  }

  /** Records the certificate (and the replaced one's CertificateReplaced), the holder's name beside it, its mail queued. */
  async function record(draft: CertificateDraft, holderName: string, metadata: EventMetadata) {
    const command: IssueCertificate = { type: 'IssueCertificate', draft, numbered: null, current: null, replacing: null };
    return handleCommand(kernel, certificateDecider, certificateStream(draft.certificateId), command, {
      metadata,
      async prepare(tx, cmd) {
        if (cmd.type !== 'IssueCertificate') return cmd;
        const issuedAt = deps.clock();
        // The number first: its lock is what makes the read below the truth until this transaction ends.
        const taken = await takeDocumentNumber(tx, CERTIFICATE_SERIES, issuedAt);
        const db = tx as unknown as Kysely<CertificatesTables>;
        let standing = db.selectFrom('certificates').select('number').where('purchase_id', '=', cmd.draft.purchaseId).where('status', '!=', 'replaced');
        if (cmd.draft.replaces) standing = standing.where('certificate_id', '!=', cmd.draft.replaces.certificateId);
        const current = (await standing.executeTakeFirst()) ?? null;
        const replacing = cmd.draft.replaces ? await load(cmd.draft.replaces.certificateId, tx) : null;
        return { ...cmd, numbered: { number: taken.number, issuedAt: issuedAt.toISOString() }, current, replacing };
      },
      async alongside(tx, events) {
        const issued = events.find((e) => e.type === 'CertificateIssued');
        if (!issued) return [];
        const c = issued.data.certificate;
        await (tx as unknown as Kysely<CertificatesTables>).insertInto('certificate_holders').values({ certificate_id: c.certificateId, user_id: c.userId, name: holderName }).execute();
        if (!c.replaces) return [];
        const old = await loadState(kernel, certificateDecider, certificateStream(c.replaces.certificateId), tx as never);
        const replaced = certificateDecider.decide({ type: 'ReplaceCertificate', by: { certificateId: c.certificateId, number: c.number }, at: c.issuedAt }, old.state);
        return appendAlongside(deps.store, tx, { id: certificateStream(c.replaces.certificateId), version: old.version, state: old.state }, replaced, certificateDecider, metadata);
      },
      outbox: (events) => events.flatMap((e) => e.type === 'CertificateIssued'
        ? [{ topic: CERTIFICATE_TOPICS.mail, dedupeKey: `certificate-mail:${e.data.certificate.certificateId}`, payload: { certificateId: e.data.certificate.certificateId } }] : []),
    });
  }

  return {
    load,
    /** 'certificate-check': issues when attendance says the threshold is met and the purchase has no standing certificate. */
    async check(purchaseId: string): Promise<string | null> {
      const summary = await deps.ports.attendance(purchaseId);
      if (!summary?.meetsThreshold) return null;
      const made = await draftFor(summary, 'threshold', null);
      if (!made) return null; // no account to issue to (erased): nothing to certify for anyone
      const { events } = await record(made.draft, made.holderName, { actor: 'certificates' });
      return events.length > 0 ? made.draft.certificateId : null;
    },
    /** An admin issues by hand, whatever the threshold says. Refuses `certificate-purchase-not-found`, `certificate-exists`. */
    async issueByHand(purchaseId: string, actor: string): Promise<string> {
      const summary = await deps.ports.attendance(purchaseId);
      if (!summary) throw new DomainError('certificate-purchase-not-found');
      const made = await draftFor(summary, 'admin', null);
      if (!made) throw new DomainError('certificate-holder-missing');
      await record(made.draft, made.holderName, { actor });
      return made.draft.certificateId;
    },
    /** After a correction (attendance, name, product): a new certificate with a new number; the old one says replaced. */
    async reissue(certificateId: string, actor: string): Promise<string> {
      const old = await load(certificateId);
      if (!old.certificate) throw new DomainError('certificate-not-found');
      if (old.replacedBy) throw new DomainError('certificate-already-replaced');
      const summary = await deps.ports.attendance(old.certificate.purchaseId);
      if (!summary) throw new DomainError('certificate-purchase-not-found');
      const made = await draftFor(summary, 'admin', { certificateId, number: old.certificate.number });
      if (!made) throw new DomainError('certificate-holder-missing');
      await record(made.draft, made.holderName, { actor });
      return made.draft.certificateId;
    },
    async revoke(certificateId: string, reason: string, actor: string): Promise<CertificateState> {
      const at = deps.clock().toISOString();
      return (await handleCommand(kernel, certificateDecider, certificateStream(certificateId), { type: 'RevokeCertificate', reason, by: actor, at }, { metadata: { actor } })).state;
    },
  };
}

export type Issuing = ReturnType<typeof issuingHandlers>;
export type { Language };
