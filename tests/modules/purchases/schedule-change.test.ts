import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_KEYS, SCHEDULE_CHANGED_TOPIC, type AdminProduct, type ProductInput } from '../../../modules/catalogue/index.ts';
import type { Mail } from '../../../modules/mailing/index.ts';
import { scheduleChangeTexts } from '../../../modules/purchases/index.ts';
import { linkIn, outboxMails } from '../../support/accounts-module.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { checkCalendar } from '../../support/ical.ts';
import { invoicingApp } from '../../support/invoicing-app.ts';

const MIN = 60_000;
/** A session on a September 2030 day, hours on Warsaw's clock (UTC+2 then). */
const at = (day: number, clock: string) => new Date(`2030-09-${String(day).padStart(2, '0')}T${clock}:00+02:00`).toISOString();

/** The editor's body for a product as the admin list gives it, with some fields changed. */
function inputOf(p: AdminProduct, changes: Partial<ProductInput>): ProductInput {
  const { key: _key, channel: _channel, avatar: _avatar, teachers: _teachers, startsAt: _start, days: _days, dailyEnd: _end, price, ...rest } = p;
  return { ...rest, price: price.map((x) => ({ priceMinor: x.priceMinor, name: x.name })) as ProductInput['price'], ...changes };
}

describe('texts of the schedule change mail', () => {
  it('exist in both languages with the same placeholders', () => {
    expect(Object.keys(scheduleChangeTexts.en).sort()).toEqual(Object.keys(scheduleChangeTexts.pl).sort());
    const vars = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(scheduleChangeTexts.pl) as (keyof typeof scheduleChangeTexts.pl)[]) {
      expect(vars(scheduleChangeTexts.en[key]), key).toEqual(vars(scheduleChangeTexts.pl[key]));
    }
  });
});

describe.each(backends)('a sold product\'s schedule changes on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  async function setUp() {
    const app = await invoicingApp(handle);
    let people = 0;
    const person = async (email: string, name: string, language: 'pl' | 'en') => {
      people += 1;
      await app.accounts.register({ name, email, phone: '+48 600 100 200', password: 'pierwsze' }, { ip: `10.24.0.${people}`, language });
      await app.accounts.verifyEmail(linkIn((await outboxMails(handle)).findLast((m) => m.to === email)!, 'verify-email'));
      return (await app.accounts.userIdByEmail(email))!;
    };
    // A new product (as the seed's workshop, its own sessions): no schedule change recorded before it is sold.
    const seeded = (await app.catalogue.adminProducts()).find((p) => p.key === DEMO_KEYS.shame)!;
    const create = (changes: Partial<ProductInput>) => app.catalogue.createProduct(inputOf(seeded, changes), 'admin');
    let key = '';
    const product = async () => (await app.catalogue.adminProducts()).find((p) => p.key === key)!;
    const save = async (changes: Partial<ProductInput>) => app.catalogue.saveProduct(key, inputOf(await product(), changes), 'admin');
    return { app, person, product, save, create: async (changes: Partial<ProductInput>) => { key = await create(changes); return key; } };
  }
  const mailsTo = async (to: string, subject: RegExp): Promise<Mail[]> => (await outboxMails(handle)).filter((m) => m.to === to && subject.test(m.subject));

  it('tells each buyer in their language what moved, with the calendar update (same UIDs, SEQUENCE 1 then 2); a removed session is cancelled; a refund after it cancels above the latest revision', async () => {
    const { app, person, product, save, create } = await setUp();
    const KEY = await create({ sessions: [{ start: at(23, '09:00'), end: at(23, '17:30') }, { start: at(24, '09:00'), end: at(24, '17:30') }, { start: at(25, '09:00'), end: at(25, '17:30') }] });
    const [s1, s2, s3] = (await product()).sessions!;
    const ewa = await person('ewa@example.com', 'Ewa Żak', 'pl');
    const john = await person('john@example.com', 'John Smith', 'en');
    const ewaPurchase = await app.buy(ewa, 'ewa@example.com', { key: KEY });
    const johnPurchase = await app.buy(john, 'john@example.com', { key: KEY });
    const uidsOf = (purchaseId: string) => [s1, s2, s3].map((s) => `${purchaseId}-${s!.id}@gestalt.test`);
    const confirmation = (await outboxMails(handle)).find((m) => m.to === 'ewa@example.com' && m.calendar)!;
    expect(checkCalendar(confirmation.calendar!.content).events.map((e) => [e.uid, e.sequence])).toEqual(uidsOf(ewaPurchase).map((uid) => [uid, 0]));

    // First change: the second day starts and ends an hour later.
    await save({ sessions: [s1!, { id: s2!.id, start: at(24, '10:00'), end: at(24, '18:30') }, s3!] });
    await app.drain();
    const [pl] = await mailsTo('ewa@example.com', /^Zmiana harmonogramu/);
    const [en] = await mailsTo('john@example.com', /^Schedule change/);
    expect(pl!.subject).toBe('Zmiana harmonogramu: „Wstyd w relacji terapeutycznej”');
    expect(pl!.text).toContain('Dzień dobry Ewa Żak,');
    expect(pl!.text).toContain('• Spotkanie 2 z 3: było 24 września 2030 09:00–17:30, teraz 24 września 2030 10:00–18:30.');
    expect(en!.subject).toBe('Schedule change: “Shame in the Therapeutic Relationship”');
    expect(en!.text).toContain('• Session 2 of 3: was 24 September 2030 at 09:00–17:30, now 24 September 2030 at 10:00–18:30.');
    expect(en!.text).toContain('Reminders with your personal meeting link will come before the new times.');
    for (const [mail, purchaseId] of [[pl!, ewaPurchase], [en!, johnPurchase]] as const) {
      expect(mail.calendar?.method).toBe('REQUEST');
      const read = checkCalendar(mail.calendar!.content);
      expect(read.method).toBe('REQUEST');
      expect(read.events.map((e) => [e.uid, e.sequence, e.status, e.start.toISOString()])).toEqual([
        [uidsOf(purchaseId)[0], 1, 'CONFIRMED', s1!.start], [uidsOf(purchaseId)[1], 1, 'CONFIRMED', at(24, '10:00')], [uidsOf(purchaseId)[2], 1, 'CONFIRMED', s3!.start]]);
      // The entries lead to the buyer's personal join link, never the meeting's own.
      expect(read.events[0]!.url).toMatch(/^https:\/\/gestalt\.test\/dolacz\//);
      expect(mail.calendar!.content + mail.text + mail.html).not.toContain('meet.example');
    }

    // A crash after the fan-out, or a second instance, delivers the announcement again: nobody is told twice.
    const announced = (await handle.db.selectFrom('outbox').select('payload').where('topic', '=', SCHEDULE_CHANGED_TOPIC).executeTakeFirstOrThrow()).payload;
    await app.wired.outboxHandlers[SCHEDULE_CHANGED_TOPIC]!(announced, { id: 0, topic: SCHEDULE_CHANGED_TOPIC, attempts: 2, claimToken: 'x' });
    await app.drain();
    expect(await mailsTo('ewa@example.com', /^Zmiana harmonogramu/)).toHaveLength(1);

    // Second change: SEQUENCE 2, the same UIDs.
    await save({ sessions: [s1!, { id: s2!.id, start: at(24, '11:00'), end: at(24, '18:30') }, s3!] });
    await app.drain();
    const second = (await mailsTo('john@example.com', /^Schedule change/))[1]!;
    expect(second.text).toContain('was 24 September 2030 at 10:00–18:30, now 24 September 2030 at 11:00–18:30.');
    expect(checkCalendar(second.calendar!.content).events.map((e) => [e.uid, e.sequence])).toEqual(uidsOf(johnPurchase).map((uid) => [uid, 2]));

    // Third change: the last day is removed. Its withdrawal is the invitation itself: METHOD:CANCEL, STATUS:CANCELLED, SEQUENCE 3.
    await save({ sessions: [s1!, { id: s2!.id, start: at(24, '11:00'), end: at(24, '18:30') }] });
    await app.drain();
    const removal = (await mailsTo('ewa@example.com', /^Zmiana harmonogramu/))[2]!;
    expect(removal.text).toContain('• Odwołane spotkanie: 25 września 2030 09:00–17:30.');
    expect(removal.calendar?.method).toBe('CANCEL');
    const cancelled = checkCalendar(removal.calendar!.content);
    expect(cancelled.method).toBe('CANCEL');
    expect(cancelled.events.map((e) => [e.uid, e.sequence, e.status])).toEqual([[uidsOf(ewaPurchase)[2], 3, 'CANCELLED']]);

    // Fourth change: one session moves and another is removed: the update travels as the invitation, the withdrawal beside it.
    await save({ sessions: [{ id: s1!.id, start: at(23, '08:00'), end: at(23, '17:30') }] });
    await app.drain();
    const both = (await mailsTo('ewa@example.com', /^Zmiana harmonogramu/))[3]!;
    expect(checkCalendar(both.calendar!.content).events.map((e) => [e.uid, e.sequence, e.status])).toEqual([[uidsOf(ewaPurchase)[0], 4, 'CONFIRMED']]);
    const beside = both.attachments!.find((a) => a.contentType.includes('method=CANCEL'))!;
    expect(beside.filename).toBe('odwolanie.ics');
    const read = checkCalendar(beside.content);
    expect([read.method, ...read.events.map((e) => `${e.uid} ${e.sequence} ${e.status}`)]).toEqual(['CANCEL', `${uidsOf(ewaPurchase)[1]} 4 CANCELLED`]);

    // A full refund now: every remaining entry withdrawn with SEQUENCE 5, above revision 4.
    const paid = (await app.purchases.saleForInvoice(ewaPurchase))!.paidMinor;
    const refund = await app.purchases.requestRefund({ purchaseId: ewaPurchase, amountMinor: paid, reason: 'cancelled', requestedBy: { kind: 'admin', userId: 'admin' }, revokeAccess: true });
    expect(refund.accessEnded).toBe(true);
    const notice = (await outboxMails(handle)).find((m) => m.to === 'ewa@example.com' && m.calendar?.method === 'CANCEL' && !m.subject.startsWith('Zmiana'))!;
    const withdrawn = checkCalendar(notice.calendar!.content);
    expect(withdrawn.events.map((e) => [e.uid, e.sequence, e.status])).toEqual([[uidsOf(ewaPurchase)[0], 5, 'CANCELLED']]);

    // A change after the refund reaches only the buyer who still has a place.
    await save({ sessions: [{ id: s1!.id, start: at(23, '09:00'), end: at(23, '17:30') }] });
    await app.drain();
    expect(await mailsTo('ewa@example.com', /^Zmiana harmonogramu/)).toHaveLength(4);
    expect(await mailsTo('john@example.com', /^Schedule change/)).toHaveLength(5);
  });

  it('re-plans reminders: a session moved earlier is reminded at its new moment, once', async () => {
    const { app, person, product, save, create } = await setUp();
    const now = Date.now();
    const iso = (ms: number) => new Date(Math.floor(ms / MIN) * MIN).toISOString();
    // An hour-before reminder only, for a session three days ahead.
    const KEY = await create({ reminderOffsets: [60], sessions: [{ start: iso(now + 3 * 1440 * MIN), end: iso(now + 3 * 1440 * MIN + 120 * MIN) }] });
    const [s1] = (await product()).sessions!;
    const ewa = await person('ewa@example.com', 'Ewa Żak', 'pl');
    const purchaseId = await app.buy(ewa, 'ewa@example.com', { key: KEY });
    const row = () => handle.db.selectFrom('outbox').select(['not_before', 'status']).where('dedupe_key', '=', `reminder:${purchaseId}:${s1!.id}:60`).executeTakeFirstOrThrow();
    expect(new Date((await row()).not_before!).toISOString()).toBe(new Date(Date.parse(s1!.start) - 60 * MIN).toISOString());

    // Moved to start an hour and a few seconds from now: its reminder is due in a few seconds, not in three days.
    const start = Math.ceil((Date.now() + 60 * MIN + 4000) / 1000) * 1000;
    await save({ sessions: [{ id: s1!.id, start: new Date(start).toISOString(), end: new Date(start + 120 * MIN).toISOString() }] });
    await app.drain();
    expect(new Date((await row()).not_before!).getTime()).toBe(start - 60 * MIN);
    const ledger = () => handle.db.selectFrom('meeting_reminders' as never).selectAll().execute() as Promise<{ session_id: string; kind: string; outcome: string }[]>;
    expect(await ledger()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, start - 60 * MIN - Date.now()) + 300));
    await app.drain();
    expect((await ledger()).map((l) => `${l.session_id}:${l.kind}:${l.outcome}`)).toEqual([`${s1!.id}:60:sent`]);
    const reminders = (await app.mailing.devMailbox()).filter((m) => m.subject.startsWith('Przypomnienie'));
    expect(reminders.map((m) => m.subject)).toEqual(['Przypomnienie: „Wstyd w relacji terapeutycznej” za 1 godzinę']);
    expect(reminders[0]!.text).toMatch(/https:\/\/gestalt\.test\/dolacz\//);

    // Moved again: planned again, but the sent-ledger keeps the reminder to one.
    await save({ sessions: [{ id: s1!.id, start: new Date(start + 5 * MIN).toISOString(), end: new Date(start + 125 * MIN).toISOString() }] });
    await app.drain();
    await app.drain();
    expect((await ledger()).map((l) => `${l.session_id}:${l.kind}:${l.outcome}`)).toEqual([`${s1!.id}:60:sent`]);
    expect((await row()).status).toBe('done');
    expect((await app.mailing.devMailbox()).filter((m) => m.subject.startsWith('Przypomnienie'))).toHaveLength(1);

    // New offsets: the buyer's reminders are planned again, the new one at its moment (no mail about it).
    const mails = (await outboxMails(handle)).length;
    await save({ reminderOffsets: [60, 30] });
    await app.drain();
    const thirty = await handle.db.selectFrom('outbox').select(['not_before', 'status']).where('dedupe_key', '=', `reminder:${purchaseId}:${s1!.id}:30`).executeTakeFirstOrThrow();
    expect([new Date(thirty.not_before!).getTime(), thirty.status]).toEqual([start + 5 * MIN - 30 * MIN, 'pending']);
    expect((await outboxMails(handle)).length).toBe(mails);
  }, 20_000);
});
