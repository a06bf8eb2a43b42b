import { describe, expect, it } from 'vitest';
import { certificateDecider, type CertificateEvent, type CertificateState } from '../../../modules/certificates/index.ts';
import type { CertificateDocument } from '../../../modules/certificates/index.ts';
import { deciderSpec } from '../../../modules/shared/kernel/spec.ts';

const spec = deciderSpec(certificateDecider);
const AT = '2026-03-09T10:00:00.000Z';

const certificate: CertificateDocument = {
  certificateId: 'AbCdEfGhIjKlMnOp', number: 'CERT/2026/000001', issuedAt: AT, language: 'pl', purchaseId: 'p-1', userId: 'u-1', productKey: 'spec',
  title: { pl: 'Żałoba i zmiana', en: 'Grief and change' }, sessions: [{ start: '2026-03-07T08:00:00.000Z', end: '2026-03-07T16:00:00.000Z', hoursOffered: 7, present: true }],
  place: { pl: 'Warszawa', en: 'Warsaw' }, hoursOffered: 7, hoursAttended: 7, facilitators: ['Łucja Źrebięcka'],
  institute: { name: 'Instytut', addressLines: ['ul. Żurawia 6'], nip: '1234563218' }, replaces: null, via: 'threshold',
};
const { number: _n, issuedAt: _i, ...draft } = certificate;
const issued: CertificateEvent = { type: 'CertificateIssued', data: { certificate } };
const revoked: CertificateEvent = { type: 'CertificateRevoked', data: { certificateId: certificate.certificateId, userId: 'u-1', reason: 'błąd', by: 'admin-1', at: AT } };
const replaced: CertificateEvent = { type: 'CertificateReplaced', data: { certificateId: certificate.certificateId, userId: 'u-1', by: { certificateId: 'NewNewNewNewNew1', number: 'CERT/2026/000002' }, at: AT } };
const numbered = { number: 'CERT/2026/000001', issuedAt: AT };
const issue = (over: Partial<{ draft: typeof draft; numbered: typeof numbered | null; current: { number: string } | null; replacing: CertificateState | null }> = {}) =>
  ({ type: 'IssueCertificate' as const, draft, numbered, current: null, replacing: null, ...over });
const stateOf = (...events: CertificateEvent[]): CertificateState => events.reduce(certificateDecider.evolve, certificateDecider.initialState());

describe('a certificate', () => {
  it('given nothing, when the threshold is met, then it is issued with its number and everything printed', () => {
    spec.given([]).when(issue()).then([issued]);
  });
  it('given it is issued, when the same command arrives again, then nothing more happens', () => {
    spec.given([issued]).when(issue()).thenNothing();
  });
  it('given a standing certificate for the purchase, when the threshold is met again, then nothing is issued', () => {
    spec.given([]).when(issue({ current: { number: 'CERT/2026/000001' } })).thenNothing();
  });
  it('given a standing certificate for the purchase, when an admin issues by hand, then it is refused naming it', () => {
    spec.given([]).when(issue({ draft: { ...draft, via: 'admin' }, current: { number: 'CERT/2026/000001' } })).thenThrows('certificate-exists', { number: 'CERT/2026/000001' });
  });
  it.each([[8, 7], [-1, 7], [Number.NaN, 7], [1, -1]])('given hours attended %s of %s offered, when issued, then it is refused', (attended, offered) => {
    spec.given([]).when(issue({ draft: { ...draft, hoursAttended: attended, hoursOffered: offered } })).thenThrows('certificate-hours-invalid');
  });
  it('given no number taken, when issued, then it is refused (never an unnumbered certificate)', () => {
    spec.given([]).when(issue({ numbered: null })).thenThrows('certificate-number-missing');
  });
  it('given a replaced certificate, when a re-issue names it, then it is refused; an unknown one is not found', () => {
    const replaces = { certificateId: certificate.certificateId, number: certificate.number };
    spec.given([]).when(issue({ draft: { ...draft, replaces }, replacing: stateOf(issued, replaced) })).thenThrows('certificate-already-replaced');
    spec.given([]).when(issue({ draft: { ...draft, replaces }, replacing: stateOf() })).thenThrows('certificate-not-found');
  });
  it('given a valid certificate, when a re-issue names it, then the new one records what it replaces', () => {
    const replaces = { certificateId: certificate.certificateId, number: certificate.number };
    const next = { ...draft, certificateId: 'NewNewNewNewNew1', replaces, via: 'admin' as const };
    spec.given([]).when(issue({ draft: next, numbered: { number: 'CERT/2026/000002', issuedAt: AT }, replacing: stateOf(issued) }))
      .then([{ type: 'CertificateIssued', data: { certificate: { ...next, number: 'CERT/2026/000002', issuedAt: AT } } }]);
  });
  it('given an issued certificate, when an admin revokes it with a reason, then it is revoked (reason trimmed, who and when)', () => {
    spec.given([issued]).when({ type: 'RevokeCertificate', reason: '  błąd  ', by: 'admin-1', at: AT }).then([revoked]);
  });
  it.each(['', '   ', 'x'.repeat(501), 'a\u0000b'])('given an issued certificate, when revoked with reason %j, then it is refused', (reason) => {
    spec.given([issued]).when({ type: 'RevokeCertificate', reason, by: 'admin-1', at: AT }).thenThrows('certificate-reason-invalid');
  });
  it('given a revoked certificate, when revoked again, then it is refused; a replaced one too; none: not found', () => {
    spec.given([issued, revoked]).when({ type: 'RevokeCertificate', reason: 'x', by: 'a', at: AT }).thenThrows('certificate-already-revoked');
    spec.given([issued, replaced]).when({ type: 'RevokeCertificate', reason: 'x', by: 'a', at: AT }).thenThrows('certificate-already-replaced');
    spec.given([]).when({ type: 'RevokeCertificate', reason: 'x', by: 'a', at: AT }).thenThrows('certificate-not-found');
  });
  it('given a revoked certificate, when replaced, then it says so; a second replacement is refused', () => {
    spec.given([issued, revoked]).when({ type: 'ReplaceCertificate', by: replaced.data.by, at: AT }).then([replaced]);
    spec.given([issued, replaced]).when({ type: 'ReplaceCertificate', by: replaced.data.by, at: AT }).thenThrows('certificate-already-replaced');
  });
  it('concerns its holder in every event', () => {
    expect(certificateDecider.concerns.CertificateIssued(issued as never, stateOf())).toEqual(['u-1']);
    expect(certificateDecider.concerns.CertificateRevoked(revoked as never, stateOf(issued))).toEqual(['u-1']);
  });
});
