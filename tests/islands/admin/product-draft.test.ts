import { describe, expect, it } from 'vitest';
import { demoProducts } from '../../../modules/catalogue/seed/products.ts';
import { draftOf, emptyDraft, issueAt, issuesOf, issuesStanding } from '../../../src/islands/admin/product-draft.ts';

describe('the product editor reading the server\'s per-field refusal', () => {
  const issues = issuesOf({
    message: 'Fill in this field.',
    issues: [{ field: 'title', message: 'Fill in this field.' }, { field: 'breakTime', message: 'The break must lie within the working hours.' },
      { field: 'price.1.priceMinor', message: 'The price must be a whole number above zero.' }, { field: 7, message: 'not a field' }],
  });
  it('finds the message of a field by its path', () => {
    expect(issueAt(issues, 'title')).toBe('Fill in this field.');
    expect(issueAt(issues, 'price.1.priceMinor')).toBe('The price must be a whole number above zero.');
  });
  it('gives a box the message about the object that holds it', () =>
    expect([issueAt(issues, 'breakTime.from'), issueAt(issues, 'breakTime.to')]).toEqual(Array(2).fill('The break must lie within the working hours.')));
  it('says nothing about a field the server did not name, or for an answer without issues', () => {
    expect(issueAt(issues, 'titleEn')).toBeUndefined();
    expect(issueAt(issues, 'price.0.priceMinor')).toBeUndefined();
    expect(issuesOf({ message: 'Video not found' })).toEqual({});
    expect(issuesOf(null)).toEqual({});
  });
});

describe('the product editor\'s messages once a refused field is edited (issue 34)', () => {
  const sent = { ...emptyDraft(), title: '', breakTime: { from: '18:00', to: '10:00' } };
  const refused = issuesOf({ issues: [{ field: 'title', message: 'Fill in this field.' }, { field: 'breakTime', message: 'The break must lie within the working hours.' },
    { field: 'price.1.priceMinor', message: 'The price must be a whole number above zero.' }] });
  it('keeps every message while the form holds what was refused', () => expect(issuesStanding(refused, sent, structuredClone(sent))).toEqual(refused));
  it('drops the message of an edited field, and of an object one of whose boxes is edited, keeping the others', () => {
    const now = { ...sent, title: 'Wstyd', breakTime: { from: '12:00', to: '10:00' } };
    expect(issuesStanding(refused, sent, now)).toEqual({ 'price.1.priceMinor': 'The price must be a whole number above zero.' });
  });
  it('shows a message again when the field is typed back to what was refused', () =>
    expect(issuesStanding(refused, sent, { ...sent, title: '' })).toEqual(refused));
});

describe('the product editor\'s reminders', () => {
  it('start a new product at a day and an hour before each session', () => expect(emptyDraft().reminderOffsets).toEqual([1440, 60]));
  it('show a product\'s own, or the default for one that sets none', () => {
    const { product, secrets } = demoProducts(new Date('2026-09-01T10:00:00Z'))[0]!;
    const admin = { ...product, ...secrets, published: true };
    expect(draftOf(admin).reminderOffsets).toEqual([1440, 60]);
    expect(draftOf({ ...admin, reminderOffsets: [2880, 30] }).reminderOffsets).toEqual([2880, 30]);
  });
});
