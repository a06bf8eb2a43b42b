import { describe, expect, it } from 'vitest';
import { defaultSessionHours, hoursBySession } from '../../../modules/catalogue/index.ts';
import { productDecider } from '../../../modules/catalogue/product-decider.ts';
import type { Product, ProductEvent } from '../../../modules/catalogue/product.ts';
import { demoProducts } from '../../../modules/catalogue/seed/products.ts';
import type { Session } from '../../../modules/catalogue/sessions.ts';
import { deciderSpec } from '../../../modules/shared/kernel/spec.ts';

const { product, secrets } = demoProducts(new Date('2026-09-01T10:00:00Z'))[0]!;
const products = deciderSpec(productDecider);
/** A session on a September 2026 day in Warsaw (UTC+2), or on 26 October, after the clocks go back (UTC+1). */
const at = (day: string, clock: string) => new Date(`2026-${day}T${clock}:00${day.startsWith('10-2') ? '+01:00' : '+02:00'}`).toISOString();
const session = (id: string, day: string, from: string, to: string): Session => ({ id, start: at(day, from), end: at(day, to) });
const sessions = [session('a', '09-23', '09:00', '17:30'), session('b', '09-24', '09:00', '13:00')];
const published: ProductEvent = { type: 'ProductPublished', data: { product: { ...product, sessions, breakTime: { from: '12:30', to: '13:30' } }, secrets } };
const revise = (changes: Partial<Product>) => ({ type: 'ReviseProduct' as const, key: product.key, changes });

describe('the hours a session is worth (issue 25)', () => {
  it('by default, its length less the day\'s break where the break falls inside it, to the nearest half hour', () => {
    expect(defaultSessionHours(sessions[0]!, { from: '12:30', to: '13:30' })).toBe(7.5);
    // The break from 12:30 overlaps a session ending at 13:00 by half an hour only.
    expect(defaultSessionHours(sessions[1]!, { from: '12:30', to: '13:30' })).toBe(3.5);
    expect(defaultSessionHours(sessions[1]!, null)).toBe(4);
    expect(defaultSessionHours(session('c', '09-25', '09:00', '12:10'), null)).toBe(3);
    expect(defaultSessionHours(session('c', '09-25', '09:00', '12:20'), null)).toBe(3.5);
    // On Warsaw's clock across the change to winter time.
    expect(defaultSessionHours(session('d', '10-26', '09:00', '17:30'), { from: '12:30', to: '13:30' })).toBe(7.5);
  });

  it('is the admin\'s where given', () => {
    expect(hoursBySession(sessions, null, { b: 3 }).map((s) => s.hours)).toEqual([8.5, 3]);
  });

  it('given a product, when a session\'s hours are set to its length, then recorded; a quarter more, then refused naming its row', () => {
    products.given([published]).when(revise({ sessionHours: { b: 4 } })).then([{ type: 'ProductRevised', data: { key: product.key, changes: { sessionHours: { b: 4 } } } }]);
    products.given([published]).when(revise({ sessionHours: { b: 4.25 } })).thenThrows('product-session-hours-invalid', { field: 'sessionHours.b' });
    products.given([published]).when(revise({ sessionHours: { a: 1.1 } })).thenThrows('product-session-hours-invalid', { field: 'sessionHours.a' });
  });

  it('given hours set, when the session is shortened below them, then the change is refused', () => {
    const withHours: ProductEvent = { type: 'ProductRevised', data: { key: product.key, changes: { sessionHours: { b: 4 } } } };
    products.given([published, withHours]).when(revise({ sessions: [sessions[0]!, session('b', '09-24', '09:00', '12:00')] }))
      .thenThrows('product-session-hours-invalid', { field: 'sessionHours.b' });
  });

  it('given a minimum of hours for a certificate, then at most what all the sessions are worth, and at least half an hour', () => {
    products.given([published]).when(revise({ certificateMinHours: 11 })).then([{ type: 'ProductRevised', data: { key: product.key, changes: { certificateMinHours: 11 } } }]);
    products.given([published]).when(revise({ certificateMinHours: 11.5 })).thenThrows('product-certificate-hours-invalid', { field: 'certificateMinHours', total: 11 });
    products.given([published]).when(revise({ certificateMinHours: 0 })).thenThrows('product-certificate-hours-invalid', { field: 'certificateMinHours', total: 11 });
    products.given([published]).when(revise({ certificateMinHours: null })).then([{ type: 'ProductRevised', data: { key: product.key, changes: { certificateMinHours: null } } }]);
  });
});
