/**
 * One stream per certificate (`certificate-<public id>`): issued once, revoked at most once, replaced at most once.
 * A certificate is never changed: a correction is a new certificate with a new number, and the old one records it
 * was replaced by it. Refusals: `certificate-hours-invalid`, `certificate-exists`, `certificate-not-found`,
 * `certificate-already-revoked`, `certificate-already-replaced`, `certificate-reason-invalid`,
 * `certificate-number-missing`.
 */
import { DomainError, type Decider } from '../shared/kernel/index.ts';
import type { CertificateDocument, CertificateDraft } from './document.ts';

export type CertificateIssued = { type: 'CertificateIssued'; data: { certificate: CertificateDocument } };
export type CertificateRevoked = { type: 'CertificateRevoked'; data: { certificateId: string; userId: string; reason: string; by: string; at: string } };
export type CertificateReplaced = { type: 'CertificateReplaced'; data: { certificateId: string; userId: string; by: { certificateId: string; number: string }; at: string } };
export type CertificateEvent = CertificateIssued | CertificateRevoked | CertificateReplaced;

export type CertificateStatus = 'valid' | 'revoked' | 'replaced';
export type CertificateState = {
  certificate: CertificateDocument | null;
  revoked: { reason: string; by: string; at: string } | null;
  replacedBy: { certificateId: string; number: string; at: string } | null;
};

/**
 * `numbered` and `current` come from the command's prepare, in the transaction that holds the CERT series' lock:
 * the number taken, and the purchase's certificate that still stands (valid or revoked, not replaced) other than
 * the one this replaces. `replacing`: the state of the certificate named by `draft.replaces`, read there too.
 */
export type IssueCertificate = {
  type: 'IssueCertificate';
  draft: CertificateDraft;
  numbered: { number: string; issuedAt: string } | null;
  current: { number: string } | null;
  replacing: CertificateState | null;
};
export type RevokeCertificate = { type: 'RevokeCertificate'; reason: string; by: string; at: string };
export type ReplaceCertificate = { type: 'ReplaceCertificate'; by: { certificateId: string; number: string }; at: string };
export type CertificateCommand = IssueCertificate | RevokeCertificate | ReplaceCertificate;

export const certificateStream = (certificateId: string) => `certificate-${certificateId}`;

export const statusOf = (state: CertificateState): CertificateStatus => (state.replacedBy ? 'replaced' : state.revoked ? 'revoked' : 'valid');

export const REASON_MAX = 500;

const validHours = (h: number) => Number.isFinite(h) && h >= 0 && h <= 10_000;

function decide(command: CertificateCommand, state: CertificateState): CertificateEvent[] {
  switch (command.type) {
    case 'IssueCertificate': {
      // The same id again: a retried delivery of a command already recorded.
      if (state.certificate) return [];
      const { draft } = command;
      if (!validHours(draft.hoursOffered) || !validHours(draft.hoursAttended) || draft.hoursAttended > draft.hoursOffered) {
        throw new DomainError('certificate-hours-invalid');
      }
      if (draft.replaces) {
        if (!command.replacing?.certificate) throw new DomainError('certificate-not-found');
        if (command.replacing.replacedBy) throw new DomainError('certificate-already-replaced');
      }
      if (command.current) {
        // The threshold met again (attendance changed): the standing certificate answers it; an admin is told.
        if (draft.via === 'threshold') return [];
        throw new DomainError('certificate-exists', { number: command.current.number });
      }
      if (!command.numbered) throw new DomainError('certificate-number-missing');
      return [{ type: 'CertificateIssued', data: { certificate: { ...draft, ...command.numbered } } }];
    }
    case 'RevokeCertificate': {
      if (!state.certificate) throw new DomainError('certificate-not-found');
      if (state.replacedBy) throw new DomainError('certificate-already-replaced');
      if (state.revoked) throw new DomainError('certificate-already-revoked');
      const reason = command.reason.trim();
      if (reason === '' || reason.length > REASON_MAX || /[\p{Cc}\u2028\u2029]/u.test(reason.replaceAll('\n', ''))) throw new DomainError('certificate-reason-invalid');
      return [{ type: 'CertificateRevoked', data: { certificateId: state.certificate.certificateId, userId: state.certificate.userId, reason, by: command.by, at: command.at } }];
    }
    case 'ReplaceCertificate': {
      if (!state.certificate) throw new DomainError('certificate-not-found');
      if (state.replacedBy) throw new DomainError('certificate-already-replaced');
      return [{ type: 'CertificateReplaced', data: { certificateId: state.certificate.certificateId, userId: state.certificate.userId, by: command.by, at: command.at } }];
    }
    default: { const never: never = command; return never; }
  }
}

function evolve(state: CertificateState, event: CertificateEvent): CertificateState {
  switch (event.type) {
    case 'CertificateIssued': return { ...state, certificate: event.data.certificate };
    case 'CertificateRevoked': return { ...state, revoked: { reason: event.data.reason, by: event.data.by, at: event.data.at } };
    case 'CertificateReplaced': return { ...state, replacedBy: { ...event.data.by, at: event.data.at } };
    default: return state;
  }
}

export const certificateDecider: Decider<CertificateCommand, CertificateEvent, CertificateState> = {
  initialState: () => ({ certificate: null, revoked: null, replacedBy: null }),
  decide,
  evolve,
  // Every event names its holder: their My Recordings and summary pages list the certificate and its state.
  concerns: {
    CertificateIssued: (e) => [e.data.certificate.userId],
    CertificateRevoked: (e) => [e.data.userId],
    CertificateReplaced: (e) => [e.data.userId],
  },
};
