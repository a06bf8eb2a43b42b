import { describe, expect, it } from 'vitest';
import { composeInvoice, laterRequestDeadline, type SaleFacts } from '../../../modules/invoicing/compose.ts';
import { lineOf, totalsOf, type BuyerParty } from '../../../modules/invoicing/document.ts';
import { invoiceDecider, needsNumber, type InvoiceCommand, type InvoiceEvent, type InvoiceState } from '../../../modules/invoicing/invoice.ts';
import { fold, isDomainError } from '../../../modules/shared/kernel/index.ts';
import { institute } from '../../support/invoicing-app.ts';

const decider = invoiceDecider((doc) => `<xml>${doc.number}</xml>`);
const buyer: BuyerParty = { name: 'Gabinet Łąka', nip: '1111111111', address: { street: 'ul. Ćmielowska 5', postalCode: '31-001', city: 'Kraków', country: 'PL' } };
const sale: SaleFacts = {
  purchaseId: 'p1', userId: 'u1', productKey: 'shame', title: { pl: 'Wstyd', en: 'Shame' }, currency: 'PLN', paidMinor: 46500, paidAt: '2026-11-26T09:00:00.000Z',
  vat: { kind: 'rate', rate: 23 },
};
const requested: InvoiceEvent = { type: 'InvoiceRequested', data: { purchaseId: 'p1', userId: 'u1', buyer, language: 'pl', via: 'checkout', at: '2026-11-26T08:00:00.000Z' } };
const numbered = (n: number, prefix = 'FV') => ({ invoiceId: `d${n}`, number: `${prefix}/2026/${String(n).padStart(6, '0')}`, issuedAt: '2026-11-26T10:00:00.000Z' });
const issue: InvoiceCommand = { type: 'IssueInvoice', sale, seller: institute, numbered: numbered(1) };

/** given `events`, when `command`: the events decided, or the refusal's code. */
function when(events: InvoiceEvent[], command: InvoiceCommand): InvoiceEvent[] | string {
  try {
    return decider.decide(command, fold(decider, events));
  } catch (error) {
    if (isDomainError(error)) return error.code;
    throw error;
  }
}
const issued = () => when([requested], issue) as InvoiceEvent[];

describe('the invoice stream of a purchase', () => {
  it('given nothing, when the invoice is to be issued, then it is refused: nobody asked for it', () => {
    expect(when([], issue)).toBe('invoice-not-requested');
  });

  it('given a request, when a second one comes, then it is refused; a NIP failing its checksum or a blank address is refused at once', () => {
    expect(when([requested], { type: 'RequestInvoice', request: requested.data })).toBe('invoice-already-requested');
    expect(when([], { type: 'RequestInvoice', request: { ...requested.data, buyer: { ...buyer, nip: '1111111112' } } })).toBe('invoice-nip-invalid');
    expect(when([], { type: 'RequestInvoice', request: { ...requested.data, buyer: { ...buyer, address: { ...buyer.address, city: ' ' } } } })).toBe('invoice-buyer-invalid');
    expect(when([], { type: 'RequestInvoice', request: { ...requested.data, buyer: { ...buyer, name: 'A\u0007B' } } })).toBe('invoice-buyer-invalid');
  });

  it('given a request, when issued, then the document copies seller and buyer, and a NIP buyer gets FA(3) XML; issuing again records nothing and takes no number', () => {
    const [event] = issued();
    expect(event!.type).toBe('InvoiceIssued');
    const data = (event as Extract<InvoiceEvent, { type: 'InvoiceIssued' }>).data;
    expect(data.document).toMatchObject({ number: 'FV/2026/000001', seller: { name: institute.name, nip: institute.nip }, buyer, issueDate: '2026-11-26', saleDate: '2026-11-26' });
    expect(data.xml).toBe('<xml>FV/2026/000001</xml>');
    const after = [requested, event!];
    expect(when(after, { ...issue, numbered: numbered(2) })).toEqual([]);
    expect(needsNumber(issue, fold(decider, after))).toBe(false);
    expect(needsNumber(issue, fold(decider, [requested]))).toBe(true);
  });

  it('given a consumer, when issued, then there is no XML (no KSeF)', () => {
    const consumer = { ...requested, data: { ...requested.data, buyer: { ...buyer, nip: null } } } as InvoiceEvent;
    const [event] = when([consumer], issue) as InvoiceEvent[];
    expect((event as Extract<InvoiceEvent, { type: 'InvoiceIssued' }>).data.xml).toBeNull();
  });

  it('given an invoice of 465.00, when 100.00 and then 365.00 are refunded, then two corrections, each from the lines left by the one before, summing to minus the invoice', () => {
    const history: InvoiceEvent[] = [requested, ...issued()];
    const first = when(history, { type: 'IssueCorrection', refundId: 'r1', refundMinor: 10000, seller: institute, numbered: numbered(1, 'KOR') }) as InvoiceEvent[];
    history.push(...first);
    const second = when(history, { type: 'IssueCorrection', refundId: 'r2', refundMinor: 36500, seller: institute, numbered: numbered(2, 'KOR') }) as InvoiceEvent[];
    history.push(...second);
    const docs = [first[0]!, second[0]!].map((e) => (e as Extract<InvoiceEvent, { type: 'CorrectionIssued' }>).data.document);
    expect(docs.map((d) => [d.correction?.linesBefore[0]?.grossMinor, d.lines[0]!.grossMinor, d.totals.grossMinor])).toEqual([[46500, 36500, -10000], [36500, 0, -36500]]);
    expect(docs.every((d) => d.correction?.number === 'FV/2026/000001')).toBe(true);
    const state: InvoiceState = fold(decider, history);
    const invoice = state.invoice!.document.totals;
    expect(docs.reduce((sum, d) => sum + d.totals.vatMinor, 0)).toBe(-invoice.vatMinor);
    expect(docs.reduce((sum, d) => sum + d.totals.netMinor, 0)).toBe(-invoice.netMinor);
    // The same refund again: nothing, no number.
    expect(when(history, { type: 'IssueCorrection', refundId: 'r1', refundMinor: 10000, seller: institute, numbered: numbered(3, 'KOR') })).toEqual([]);
  });

  it('given no invoice yet, when a refund asks for a correction, then nothing is issued (the invoice issued later catches up)', () => {
    expect(when([requested], { type: 'IssueCorrection', refundId: 'r1', refundMinor: 100, seller: institute, numbered: numbered(1, 'KOR') })).toEqual([]);
  });

  it('given a correction after KSeF accepted the invoice, then it names the invoice by its KSeF number', () => {
    const history: InvoiceEvent[] = [requested, ...issued(), { type: 'KsefAccepted', data: { invoiceId: 'd1', ksefNumber: '1234563218-20261126-0100001AF629-AF', referenceNumber: 'r', acquiredAt: 'x', upo: '<upo/>' } }];
    const [kor] = when(history, { type: 'IssueCorrection', refundId: 'r1', refundMinor: 100, seller: institute, numbered: numbered(1, 'KOR') }) as InvoiceEvent[];
    expect((kor as Extract<InvoiceEvent, { type: 'CorrectionIssued' }>).data.document.correction?.ksefNumber).toBe('1234563218-20261126-0100001AF629-AF');
  });

  it('given a KSeF answer, then it is recorded once; a document KSeF accepted cannot be resent; one without XML cannot be sent', () => {
    const history: InvoiceEvent[] = [requested, ...issued()];
    const accepted = { type: 'RecordKsefAnswer' as const, invoiceId: 'd1', at: 'x', answer: { status: 'accepted' as const, ksefNumber: 'K', referenceNumber: 'R', acquiredAt: 'A', upo: '<upo/>' } };
    const recorded = when(history, accepted) as InvoiceEvent[];
    expect(recorded.map((e) => e.type)).toEqual(['KsefAccepted']);
    history.push(...recorded);
    expect(when(history, accepted)).toEqual([]);
    expect(when(history, { type: 'ResubmitToKsef', invoiceId: 'd1', at: 'x' })).toBe('invoice-ksef-accepted');
    expect(when(history, { type: 'ResubmitToKsef', invoiceId: 'nope', at: 'x' })).toBe('invoice-not-found');
  });

  it('given a refusal, when the admin resends, then the attempt counts up and it is queued again', () => {
    const history: InvoiceEvent[] = [requested, ...issued()];
    history.push(...when(history, { type: 'RecordKsefAnswer', invoiceId: 'd1', at: 'x', answer: { status: 'rejected', code: 450, description: 'Błąd', details: [] } }) as InvoiceEvent[]);
    expect(fold(decider, history).invoice!.ksef.status).toBe('rejected');
    expect(when(history, { type: 'ResubmitToKsef', invoiceId: 'd1', at: 'x' })).toEqual([{ type: 'KsefResubmitted', data: { invoiceId: 'd1', attempt: 2, at: 'x' } }]);
  });
});

describe('VAT reckoned from the gross', () => {
  it.each([
    [12300, 23, 2300, 10000],
    [1, 23, 0, 1],
    // 0.5 grosz of VAT rounds away from zero: 2.68·23/123 = 0.5011…, and 3.21·8/108 = 0.2377…
    [268, 23, 50, 218],
    [321, 8, 24, 297],
    [-10000, 23, -1870, -8130],
    [46500, 5, 2214, 44286],
  ])('a line of %i grosze at %i%% carries %i VAT and %i net', (gross, rate, vat, net) => {
    const line = lineOf({ pl: 'x', en: 'x' }, 'k', gross, { kind: 'rate', rate: rate as 23 });
    expect([line.vatMinor, line.netMinor]).toEqual([vat, net]);
  });

  it('an exempt or 0% line carries no VAT, and the sums are kept apart by treatment', () => {
    const lines = [lineOf({ pl: 'a', en: 'a' }, 'a', 1000, { kind: 'exempt', basis: 'art. 43' }), lineOf({ pl: 'b', en: 'b' }, 'b', 1230, { kind: 'rate', rate: 23 }), lineOf({ pl: 'c', en: 'c' }, 'c', 500, { kind: 'rate', rate: 0 })];
    expect(totalsOf(lines)).toEqual({
      byVat: [{ key: '23', netMinor: 1000, vatMinor: 230, grossMinor: 1230 }, { key: '0', netMinor: 500, vatMinor: 0, grossMinor: 500 }, { key: 'zw', netMinor: 1000, vatMinor: 0, grossMinor: 1000 }],
      netMinor: 2500, vatMinor: 230, grossMinor: 2730,
    });
  });

  it('the sale date is the Warsaw day of the payment: paid at 23:30 UTC on 31 December is sold on 1 January', () => {
    const doc = composeInvoice({ sale: { ...sale, paidAt: '2026-12-31T23:30:00.000Z' }, seller: institute, buyer, language: 'pl', numbered: { ...numbered(1), issuedAt: '2026-12-31T23:30:00.000Z' } });
    expect([doc.saleDate, doc.issueDate]).toEqual(['2027-01-01', '2027-01-01']);
  });
});

describe('the window for a later request (Art. 106b ust. 3)', () => {
  it.each([
    ['2026-11-26T10:00:00.000Z', '2027-02-28T23:00:00.000Z'],
    // Paid on the last evening of December in Warsaw (UTC still the 31st): the window ends with March.
    ['2026-12-31T22:59:00.000Z', '2027-03-31T22:00:00.000Z'],
    // Paid 00:30 on 1 January in Warsaw (UTC still 2026): January's window, to the end of April.
    ['2026-12-31T23:30:00.000Z', '2027-04-30T22:00:00.000Z'],
    // Paid in July: the window ends at midnight starting 1 November, after October's last Sunday (winter time, UTC+1).
    ['2026-07-15T10:00:00.000Z', '2026-10-31T23:00:00.000Z'],
    // Paid in December 2026: the window ends as March's last Sunday has moved Warsaw to summer time (UTC+2).
    ['2026-12-10T10:00:00.000Z', '2027-03-31T22:00:00.000Z'],
  ])('paid at %s, may ask until just before %s', (paidAt, deadline) => {
    expect(laterRequestDeadline(paidAt).toISOString()).toBe(deadline);
  });
});
