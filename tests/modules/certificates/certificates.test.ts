import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CERTIFICATE_TOPICS } from '../../../modules/certificates/index.ts';
import { createEventStore } from '../../../modules/shared/events/index.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import { lastNumber } from '../../../modules/shared/numbering/index.ts';
import { addToOutbox } from '../../../modules/shared/outbox/index.ts';
import { refusal } from '../../support/accounts-module.ts';
import { certificatesApp } from '../../support/certificates-app.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { qrCodesOf, textOf } from '../../support/pdf.ts';

const NOW = '2026-03-09T10:00:00.000Z';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const ADMIN = { userId: 'admin-1', admin: true };

describe.each(backends)('certificates on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let app: Awaited<ReturnType<typeof certificatesApp>>;
  const clock = fixedClock(NOW);
  beforeEach(async () => {
    clock.set(NOW);
    handle = await openMigrated(backend);
    app = await certificatesApp(handle, { clock });
  });
  afterEach(async () => handle?.close());

  const check = async (purchaseId: string) => {
    await addToOutbox(handle.db, [{ topic: CERTIFICATE_TOPICS.check, dedupeKey: `certificate-check:${purchaseId}:${Math.random()}`, payload: { purchaseId } }]);
    await app.drain();
  };

  it('given the threshold met, when attendance asks for a check, then CERT/2026/000001 is issued, mailed as a PDF, listed for its holder', async () => {
    const userId = await app.buyer('ania@example.com');
    const { purchaseId } = app.attend(userId);
    await check(purchaseId);
    const [cert] = await app.certificates.certificatesOf(userId);
    expect(cert).toMatchObject({ number: 'CERT/2026/000001', purchaseId, hoursOffered: 10.5, hoursAttended: 10.5, status: 'valid', holderName: 'Anna Kowalska', firstDay: '2026-03-07', lastDay: '2026-03-08', year: 2026 });
    expect(cert!.certificateId).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const mail = (await app.mailsTo('ania@example.com')).find((m) => m.subject.startsWith('Zaświadczenie CERT/2026/000001'));
    expect(mail?.attachments?.map((a) => [a.filename, a.contentType])).toEqual([['CERT-2026-000001.pdf', 'application/pdf']]);
    expect(mail?.text).toContain(`https://gestalt.test/certyfikat/${cert!.certificateId}`);
    // Checked again (attendance changed again): the standing certificate answers; no number is spent.
    await check(purchaseId);
    expect(await app.certificates.certificatesOf(userId)).toHaveLength(1);
    expect(await lastNumber(handle.db, 'CERT', 2026)).toBe(1);
  });

  it('given the threshold not met or no summary, when checked, then nothing is issued and no number taken', async () => {
    const userId = await app.buyer('ania@example.com');
    const { purchaseId } = app.attend(userId, { meetsThreshold: false, hoursAttended: 3.5 });
    await check(purchaseId);
    await check('no-such-purchase');
    expect(await app.certificates.certificatesOf(userId)).toEqual([]);
    expect(await lastNumber(handle.db, 'CERT', 2026)).toBe(0);
  });

  it('prints every field and the Polish letters; the QR code leads to the page, which matches the database; re-rendering gives the same bytes', async () => {
    const userId = await app.buyer('ania@example.com');
    const { purchaseId } = app.attend(userId, { hoursAttended: 7, sessions: [
      { sessionId: 's1', start: '2026-03-07T08:00:00.000Z', end: '2026-03-07T16:00:00.000Z', hoursOffered: 7, present: true, minutes: null, source: 'admin' },
      { sessionId: 's2', start: '2026-03-08T08:00:00.000Z', end: '2026-03-08T12:00:00.000Z', hoursOffered: 3.5, present: false, minutes: null, source: 'admin' },
    ] });
    const id = await app.certificates.issueByHand(purchaseId, 'admin-1');
    const product = (await app.catalogue.ownedProduct((app.summaries.get(purchaseId)!).productKey))!;
    const pl = await app.certificates.certificatePdf(id, { userId, admin: false });
    const text = await textOf(pl.bytes);
    for (const expected of [
      'Zaświadczenie o udziale w szkoleniu', 'Nr CERT/2026/000001', 'Anna Kowalska', product.title, `English title: ${product.titleEn}`,
      'Termin: 2026-03-07 – 2026-03-08', `Miejsce: ${product.place.pl}`, 'Liczba godzin szkolenia: 10,5 h', 'Liczba godzin, w których uczestniczył(a): 7 h',
      'Instytut Gestalt – Żółć Gęślą Jaźń sp. z o.o.', 'ul. Żurawia 6/12', '00-503 Warszawa', 'NIP: 1234563218', 'Data wydania: 2026-03-09',
      '09:00–17:00', 'obecny(a)', 'nieobecny(a)', `https://gestalt.test/certyfikat/${id}`,
    ]) expect(text).toContain(expected);
    for (const name of product.teachers.map((t) => t.text)) expect(text).toContain(name);
    for (const letter of 'ąćęłńóśźż') expect(text.toLocaleLowerCase('pl')).toContain(letter);
    expect(await qrCodesOf(pl.bytes)).toEqual([`https://gestalt.test/certyfikat/${id}`]);
    const page = await app.certificates.verify(id, { ip: '10.9.0.1' });
    const [row] = await handle.db.selectFrom('certificates' as never).selectAll().where('certificate_id' as never, '=', id as never).execute() as Record<string, unknown>[];
    expect(page).toMatchObject({ number: row!.number, hoursOffered: Number(row!.hours_offered), hoursAttended: Number(row!.hours_attended), status: 'valid', holderName: 'Anna Kowalska', title: { pl: row!.title_pl, en: row!.title_en } });
    expect(sha256((await app.certificates.certificatePdf(id, ADMIN)).bytes)).toBe(sha256(pl.bytes));
    const en = await app.certificates.certificatePdf(id, ADMIN, 'en');
    expect(en.filename).toBe('CERT-2026-000001-en.pdf');
    expect(sha256(en.bytes)).not.toBe(sha256(pl.bytes));
    expect(await textOf(en.bytes)).toContain('Certificate of attendance');
    expect(await textOf(en.bytes)).toContain('Training hours: 10.5 h');
    expect(sha256((await app.certificates.certificatePdf(id, ADMIN, 'en')).bytes)).toBe(sha256(en.bytes));
  });

  it('given a session attended in part (a report\'s minutes), then the certificate prints the hours counted, in total and for that session', async () => {
    const userId = await app.buyer('ania@example.com');
    const { purchaseId } = app.attend(userId, { hoursAttended: 9.25, sessions: [
      { sessionId: 's1', start: '2026-03-07T08:00:00.000Z', end: '2026-03-07T16:00:00.000Z', hoursOffered: 7, present: true, minutes: 330, source: 'import', hoursCounted: 5.75 },
      { sessionId: 's2', start: '2026-03-08T08:00:00.000Z', end: '2026-03-08T12:00:00.000Z', hoursOffered: 3.5, present: true, minutes: null, source: 'admin', hoursCounted: 3.5 },
    ] });
    const id = await app.certificates.issueByHand(purchaseId, 'admin-1');
    expect((await app.certificates.verify(id, { ip: '10.9.0.4' })).hoursAttended).toBe(9.25);
    const pl = await textOf((await app.certificates.certificatePdf(id, ADMIN)).bytes);
    expect(pl).toContain('Liczba godzin, w których uczestniczył(a): 9,25 h');
    expect(pl).toContain('obecny(a) przez 5,75 h');
    const en = await textOf((await app.certificates.certificatePdf(id, ADMIN, 'en')).bytes);
    expect(en).toContain('Hours attended: 9.25 h');
    expect(en).toContain('present for 5.75 h');
    expect((await app.certificates.educationSummary(userId)).fiveYears.hours).toBe(9.25);
  });

  it('gives the PDF to its holder and admins only; another user and an unknown or malformed id: not found', async () => {
    const userId = await app.buyer('ania@example.com');
    const other = await app.buyer('olek@example.com');
    const id = await app.certificates.issueByHand(app.attend(userId).purchaseId, 'admin-1');
    expect((await app.certificates.certificatePdf(id, { userId, admin: false })).filename).toBe('CERT-2026-000001.pdf');
    expect(await refusal(app.certificates.certificatePdf(id, { userId: other, admin: false }))).toBe('certificate-not-found');
    expect(await refusal(app.certificates.certificatePdf('AAAAAAAAAAAAAAAA', ADMIN))).toBe('certificate-not-found');
    expect(await refusal(app.certificates.verify('../../etc/passwd', { ip: '10.9.0.2' }))).toBe('certificate-not-found');
    expect(await refusal(app.certificates.verify('AAAAAAAAAAAAAAAA', { ip: '10.9.0.2' }))).toBe('certificate-not-found');
  });

  it('revokes with a reason (the page says revoked on …) and re-issues with a new number (the old one says replaced by it)', async () => {
    const userId = await app.buyer('ania@example.com');
    const summary = app.attend(userId);
    const first = await app.certificates.issueByHand(summary.purchaseId, 'admin-1');
    expect(await refusal(app.certificates.issueByHand(summary.purchaseId, 'admin-1'))).toBe('certificate-exists');
    clock.set('2026-03-10T09:00:00.000Z');
    await app.certificates.revoke(first, 'Błędna liczba godzin', 'admin-1');
    expect(await app.certificates.verify(first, { ip: '10.9.0.3' })).toMatchObject({ status: 'revoked', revokedAt: '2026-03-10T09:00:00.000Z' });
    expect(await refusal(app.certificates.revoke(first, 'again', 'admin-1'))).toBe('certificate-already-revoked');
    // A revoked certificate still stands for the purchase: a later check issues nothing.
    await check(summary.purchaseId);
    expect(await lastNumber(handle.db, 'CERT', 2026)).toBe(1);
    app.summaries.set(summary.purchaseId, { ...summary, hoursAttended: 7 });
    const second = await app.certificates.reissue(first, 'admin-1');
    const old = await app.certificates.verify(first, { ip: '10.9.0.3' });
    expect(old).toMatchObject({ status: 'replaced', replacedBy: { certificateId: second, number: 'CERT/2026/000002' } });
    expect(await app.certificates.verify(second, { ip: '10.9.0.3' })).toMatchObject({ status: 'valid', number: 'CERT/2026/000002', hoursAttended: 7 });
    expect(await textOf((await app.certificates.certificatePdf(second, ADMIN)).bytes)).toContain('Zastępuje zaświadczenie nr CERT/2026/000001.');
    expect(await refusal(app.certificates.reissue(first, 'admin-1'))).toBe('certificate-already-replaced');
    expect(await refusal(app.certificates.revoke(first, 'x', 'admin-1'))).toBe('certificate-already-replaced');
  });

  it('numbers without gaps or duplicates when many purchases are checked at once, and issues one certificate per purchase', async () => {
    const userId = await app.buyer('ania@example.com');
    const ids = Array.from({ length: 12 }, () => app.attend(userId).purchaseId);
    // Every purchase checked twice at the same time, and one hours-invalid summary refused in between: no number lost.
    app.attend(userId, { purchaseId: 'bad', hoursAttended: 99 });
    const results = await Promise.allSettled([...ids, ...ids, 'bad'].map((id) => app.certificates.check(id)));
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(['certificate-hours-invalid']);
    const numbers = (await app.certificates.certificatesOf(userId)).map((c) => c.number).sort();
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => `CERT/2026/${String(i + 1).padStart(6, '0')}`));
    expect(await lastNumber(handle.db, 'CERT', 2026)).toBe(12);
  });

  it('after the holder\'s account is deleted, the page says issued to a deleted account; number and hours stay; no name is left', async () => {
    const userId = await app.buyer('ania@example.com');
    const id = await app.certificates.issueByHand(app.attend(userId).purchaseId, 'admin-1');
    await app.accounts.deleteUser(userId, 'admin-1');
    const page = await app.certificates.verify(id, { ip: '10.9.0.4' });
    expect(page).toMatchObject({ number: 'CERT/2026/000001', holderName: null, holderErased: true, hoursAttended: 10.5, status: 'valid' });
    expect(await handle.db.selectFrom('certificate_holders' as never).selectAll().execute()).toEqual([]);
    const events = await handle.db.selectFrom('events').select(['data']).where('stream_id', 'like', 'certificate-%').execute();
    expect(JSON.stringify(events)).not.toContain('Anna Kowalska');
    expect(await textOf((await app.certificates.certificatePdf(id, ADMIN)).bytes)).toContain('(konto usunięte)');
  });

  it('rebuilds the certificates read model from the log to the same rows; the names beside it stay (and stay erased)', async () => {
    const ania = await app.buyer('ania@example.com');
    const olek = await app.buyer('olek@example.com');
    const first = await app.certificates.issueByHand(app.attend(ania).purchaseId, 'admin-1');
    await app.certificates.revoke(first, 'błąd', 'admin-1');
    await app.certificates.reissue(first, 'admin-1');
    await app.certificates.issueByHand(app.attend(olek).purchaseId, 'admin-1');
    await app.accounts.deleteUser(olek, 'admin-1');
    const read = () => handle.db.selectFrom('certificates' as never).selectAll().orderBy('number' as never).execute();
    const names = () => handle.db.selectFrom('certificate_holders' as never).selectAll().orderBy('certificate_id' as never).execute();
    const [before, namesBefore] = [await read(), await names()];
    expect(namesBefore).toHaveLength(2);
    const store = createEventStore(handle.db);
    for (const projection of app.certificates.projections) store.addProjection(projection);
    await store.rebuildProjections();
    expect(await read()).toEqual(before);
    expect(await names()).toEqual(namesBefore);
  });

  it('limits the public page per client: the 31st look in a minute is refused, another client is not', async () => {
    const userId = await app.buyer('ania@example.com');
    const id = await app.certificates.issueByHand(app.attend(userId).purchaseId, 'admin-1');
    for (let i = 0; i < 30; i++) await app.certificates.verify(id, { ip: '10.9.1.1' });
    expect(await refusal(app.certificates.verify(id, { ip: '10.9.1.1' }))).toBe('rate-limited');
    expect((await app.certificates.verify(id, { ip: '10.9.1.2' })).number).toBe('CERT/2026/000001');
    clock.set('2026-03-09T10:01:01.000Z');
    expect((await app.certificates.verify(id, { ip: '10.9.1.1' })).number).toBe('CERT/2026/000001');
  });

  it('sums a holder\'s valid hours by year with the last five years\' total, as a page and as one PDF', async () => {
    const userId = await app.buyer('ania@example.com');
    const old = app.attend(userId, { sessions: [{ sessionId: 'x', start: '2020-05-05T08:00:00.000Z', end: '2020-05-05T16:00:00.000Z', hoursOffered: 8, present: true, minutes: null, source: 'admin' }], hoursOffered: 8, hoursAttended: 8 });
    const y2022 = app.attend(userId, { sessions: [{ sessionId: 'y', start: '2022-05-05T08:00:00.000Z', end: '2022-05-05T11:00:00.000Z', hoursOffered: 3, present: true, minutes: null, source: 'admin' }], hoursOffered: 3, hoursAttended: 3 });
    const revoked = app.attend(userId, { hoursAttended: 7 });
    for (const s of [old, y2022, app.attend(userId), revoked]) await app.certificates.issueByHand(s.purchaseId, 'admin-1');
    const revokedId = (await app.certificates.certificatesOf(userId)).find((c) => c.purchaseId === revoked.purchaseId)!.certificateId;
    await app.certificates.revoke(revokedId, 'duplikat', 'admin-1');
    const summary = await app.certificates.educationSummary(userId);
    expect(summary.years.map((y) => [y.year, y.hours])).toEqual([[2026, 10.5], [2022, 3], [2020, 8]]);
    expect(summary.fiveYears).toEqual({ from: 2022, to: 2026, hours: 13.5 });
    const pdf = await app.certificates.educationSummaryPdf(userId, 'pl');
    const text = await textOf(pdf.bytes);
    for (const expected of ['Zestawienie kształcenia ustawicznego', 'Uczestnik: Anna Kowalska', 'Razem w ostatnich pięciu latach (2022–2026): 13,5 h', 'Razem w roku 2020: 8 h', 'CERT/2026/000001']) expect(text).toContain(expected);
    expect(sha256((await app.certificates.educationSummaryPdf(userId, 'pl')).bytes)).toBe(sha256(pdf.bytes));
  });
});
