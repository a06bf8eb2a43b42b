import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Mail } from '../../../modules/mailing/index.ts';
import { confirmationMail } from '../../../modules/purchases/confirmation-mail.ts';
import { calendarTexts, purchaseInvitationUpdate, type ProductForSale } from '../../../modules/purchases/index.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { checkCalendar } from '../../support/ical.ts';
import { purchasesOn } from './fixture.ts';

const NOW = '2026-10-01T09:00:00.000Z';
// A 3-day workshop over the autumn clock change (Sunday 25 October 2026): 09:00–17:30 Warsaw each day.
const sessions = [
  { id: 's-fri', start: new Date('2026-10-23T07:00:00Z'), end: new Date('2026-10-23T15:30:00Z') },
  { id: 's-sat', start: new Date('2026-10-24T07:00:00Z'), end: new Date('2026-10-24T15:30:00Z') },
  { id: 's-sun', start: new Date('2026-10-25T08:00:00Z'), end: new Date('2026-10-25T16:30:00Z') },
];
const product: ProductForSale = {
  key: 'workshop', title: { pl: 'Warsztat: ciało, kontakt; granice', en: 'Workshop: body, contact; boundaries' }, liveAt: sessions[0]!.start, durationMinutes: 510,
  liveEndsAt: sessions[2]!.end, sessions, published: true, recordingAvailable: false, recordingLink: null, liveLink: 'https://meet.example/raw-secret-room',
  prices: [{ currency: 'PLN', amountMinor: 90000, priceId: 'pln' }],
};
const buyer = { email: 'ewa@example.com', name: 'Ewa Żak', language: 'pl' as 'pl' | 'en' };
const env = { MAIL_FROM: 'Instytut Gestalt <kontakt@gestalt.test>', SITE_NAME: 'Instytut Gestalt' };
const unfolded = (ics: string) => ics.replace(/\r\n /g, '');

describe('the calendar entries\' texts', () => {
  it('exist in both languages with the same placeholders', () => {
    expect(Object.keys(calendarTexts.en).sort()).toEqual(Object.keys(calendarTexts.pl).sort());
    const vars = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(calendarTexts.pl) as (keyof typeof calendarTexts.pl)[]) expect(vars(calendarTexts.en[key])).toEqual(vars(calendarTexts.pl[key]));
  });
});

describe.each(backends)('calendar invitations of a purchase on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  async function buy(forSale: ProductForSale = product) {
    const { purchases } = purchasesOn(handle, forSale, { clock: fixedClock(NOW), buyer, env });
    const { purchaseId } = await purchases.startCheckout({ userId: 'u1', email: buyer.email, productKey: forSale.key, priceId: 'pln', locale: 'pl', consents: [] });
    expect(await purchases.payDevCheckout(purchaseId, 'u1')).toBe('recorded');
    return { purchases, purchaseId };
  }
  const outboxMail = async (dedupeKey: string) =>
    (await handle.db.selectFrom('outbox').select('payload').where('dedupe_key', '=', dedupeKey).executeTakeFirstOrThrow()).payload as Mail;

  it('the confirmation invites to every session: METHOD:REQUEST, SEQUENCE 0, one UID per (purchase, session), Warsaw times, the site organizing, the buyer attending', async () => {
    const { purchaseId } = await buy();
    const mail = await outboxMail(`mail:purchase-confirmation:${purchaseId}`);
    expect(mail.calendar?.method).toBe('REQUEST');
    const ics = mail.calendar!.content;
    const read = checkCalendar(ics);
    expect(read.method).toBe('REQUEST');
    expect(read.events.map((e) => [e.uid, e.sequence, e.status, e.start.toISOString(), e.end.toISOString(), e.summary])).toEqual(sessions.map((s, i) =>
      [`${purchaseId}-${s.id}@shop.test`, 0, 'CONFIRMED', s.start.toISOString(), s.end.toISOString(), `Warsztat: ciało, kontakt; granice (${i + 1}/3)`]));
    expect(ics).toContain('DTSTART;TZID=Europe/Warsaw:20261024T090000');
    expect(ics).toContain('DTSTART;TZID=Europe/Warsaw:20261025T090000');
    expect(read.events[0]!.organizer).toBe('mailto:kontakt@gestalt.test');
    expect(unfolded(ics)).toContain('ORGANIZER;CN="Instytut Gestalt":mailto:kontakt@gestalt.test');
    expect(unfolded(ics)).toContain('ATTENDEE;CN="Ewa Żak";CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:ewa@example.com');
    // Each entry leads to the buyer's personal join link (the one the mail gives), never to the meeting itself.
    const join = /http:\/\/shop\.test\/dolacz\/\S+/.exec(mail.text)?.[0];
    expect(join).toBeDefined();
    expect(read.events.every((e) => e.url === join)).toBe(true);
    expect(ics).not.toContain('meet.example');
    expect(mail.text).not.toContain('meet.example');
  });

  it('renders the same UIDs every time (a resend, a later stamp), and one session from the start to the live end for a product without sessions', async () => {
    const input = {
      buyer, product, consents: [], terms: { version: 't', title: 'R', sections: [] }, watchUrl: 'http://shop.test/watch-video/workshop', withdrawUrl: 'http://shop.test/w',
      trader: 'x', siteName: 'Instytut Gestalt', organizer: { name: 'Instytut Gestalt', email: 'kontakt@gestalt.test' },
      purchase: { purchaseId: 'p-42', amountMinor: 90_000, currency: 'PLN', paidAt: new Date(NOW), accessUntil: new Date('2027-01-01T00:00:00Z') },
    };
    const uids = (mail: Mail) => checkCalendar(mail.calendar!.content).events.map((e) => e.uid);
    const first = confirmationMail({ ...input, now: new Date(NOW) });
    const again = confirmationMail({ ...input, now: new Date('2026-10-02T12:00:00Z') });
    expect(uids(again)).toEqual(uids(first));
    expect(uids(first)).toEqual(['p-42-s-fri@shop.test', 'p-42-s-sat@shop.test', 'p-42-s-sun@shop.test']);
    const { sessions: _none, ...single } = product;
    const one = checkCalendar(confirmationMail({ ...input, product: single, now: new Date(NOW) }).calendar!.content).events;
    expect(one.map((e) => [e.uid, e.start.toISOString(), e.end.toISOString(), e.summary])).toEqual([
      ['p-42-day-1@shop.test', sessions[0]!.start.toISOString(), sessions[2]!.end.toISOString(), 'Warsztat: ciało, kontakt; granice']]);
    // An event already over: nothing to put in a calendar.
    expect(confirmationMail({ ...input, now: new Date('2026-11-01T00:00:00Z') }).calendar).toBeUndefined();
  });

  it('a full refund that ends access withdraws every session: METHOD:CANCEL, STATUS:CANCELLED, the same UIDs, SEQUENCE 1', async () => {
    const { purchases, purchaseId } = await buy();
    const invited = checkCalendar((await outboxMail(`mail:purchase-confirmation:${purchaseId}`)).calendar!.content).events.map((e) => e.uid);
    const kept = await purchases.requestRefund({ purchaseId, amountMinor: 10_000, reason: 'goodwill', requestedBy: { kind: 'admin', userId: 'admin' }, revokeAccess: false });
    expect(kept.accessEnded).toBe(false);
    expect((await outboxMail(`mail:purchase-refund:${purchaseId}:${kept.refundId}`)).calendar).toBeUndefined();
    const ended = await purchases.requestRefund({ purchaseId, amountMinor: 80_000, reason: 'cancelled', requestedBy: { kind: 'admin', userId: 'admin' }, revokeAccess: true });
    expect(ended).toMatchObject({ status: 'completed', accessEnded: true });
    const notice = await outboxMail(`mail:purchase-refund:${purchaseId}:${ended.refundId}`);
    expect(notice.text).toContain('W załączeniu odwołanie terminów');
    expect(notice.calendar?.method).toBe('CANCEL');
    const read = checkCalendar(notice.calendar!.content);
    expect(read.method).toBe('CANCEL');
    expect(read.events.map((e) => [e.uid, e.sequence, e.status])).toEqual(invited.map((uid) => [uid, 1, 'CANCELLED']));
  });

  it('an update after a session moved keeps the UIDs with a higher SEQUENCE and the new time', () => {
    const moved = { ...product, sessions: [sessions[0]!, { ...sessions[1]!, start: new Date('2026-10-24T08:00:00Z'), end: new Date('2026-10-24T16:00:00Z') }, sessions[2]!] };
    const update = purchaseInvitationUpdate({ product: moved, purchaseId: 'p-42', buyer, organizer: { name: 'Instytut Gestalt', email: 'kontakt@gestalt.test' },
      watchUrl: 'http://shop.test/watch-video/workshop', stamp: new Date('2026-10-10T10:00:00Z'), sequence: 2 });
    expect(update.method).toBe('REQUEST');
    const read = checkCalendar(update.content);
    expect(read.events.map((e) => [e.uid, e.sequence, e.start.toISOString()])).toEqual([
      ['p-42-s-fri@shop.test', 2, '2026-10-23T07:00:00.000Z'], ['p-42-s-sat@shop.test', 2, '2026-10-24T08:00:00.000Z'], ['p-42-s-sun@shop.test', 2, '2026-10-25T08:00:00.000Z']]);
    expect(update.content).toContain('DTSTART;TZID=Europe/Warsaw:20261024T100000');
  });
});
