import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createInvoicing, type SellerSettings } from '../../../modules/invoicing/index.ts';
import { parseEnv } from '../../../modules/shared/config/index.ts';
import { createEventStore } from '../../../modules/shared/events/index.ts';
import { DomainError } from '../../../modules/shared/kernel/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';

const institute: SellerSettings = {
  name: 'Instytut Gestalt sp. z o.o.', address: { street: 'ul. Żurawia 6/12', postalCode: '00-503', city: 'Warszawa', country: 'PL' },
  nip: '123-456-32-18', bankAccount: '', series: { invoice: 'FV', correction: 'KOR' }, placeOfIssue: 'Warszawa', defaultVat: { kind: 'rate', rate: 23 },
};
const exempt = { kind: 'exempt' as const, basis: 'art. 43 ust. 1 pkt 29 lit. a ustawy o VAT' };

describe.each(backends)('invoicing settings on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  const invoicing = () => createInvoicing({
    config: { ...parseEnv({}), JWT_SECRET: 'x'.repeat(32) }, log: pino({ level: 'silent' }), db: handle.db, store: createEventStore(handle.db),
  }, { productExists: async (key) => key === 'trauma' || key === 'shame', sale: async () => null, productTitle: async () => null, buyerEmail: async () => null, origin: () => 'http://shop.test' });
  const refusal = (done: Promise<unknown>) => done.then(() => null, (e: unknown) => (e instanceof DomainError ? e.code : e));

  it('is not ready on a new install and says what is missing; ready once the seller is filled in, the change recorded with its actor', async () => {
    const module = invoicing();
    expect(await module.invoicingReady()).toEqual({ ready: false, missing: ['name', 'address.street', 'address.postalCode', 'address.city', 'nip', 'placeOfIssue'] });
    await module.saveSellerSettings({ ...institute, nip: '' }, 'admin-1');
    expect(await module.invoicingReady()).toEqual({ ready: false, missing: ['nip'] });
    await module.saveSellerSettings(institute, 'admin-1');
    expect(await module.invoicingReady()).toEqual({ ready: true, missing: [] });
    expect(await module.sellerSettings()).toMatchObject({ nip: '1234563218', name: institute.name });
    const events = await handle.db.selectFrom('events').select(['type', 'data', 'metadata']).where('stream_id', '=', 'invoicing-seller').orderBy('position').execute();
    expect(events.map((e) => [e.type, Object.keys((e.data as { changes: object }).changes).sort(), (e.metadata as { actor?: string } | null)?.actor]))
      .toEqual([['SellerSettingsChanged', ['address', 'name', 'placeOfIssue'], 'admin-1'], ['SellerSettingsChanged', ['nip'], 'admin-1']]);
    // The same settings again record nothing (the address read back from the log compares equal whatever its key order).
    await module.saveSellerSettings(institute, 'admin-2');
    expect(await handle.db.selectFrom('events').select('type').where('stream_id', '=', 'invoicing-seller').execute()).toHaveLength(2);
  });

  it('gives a product the seller’s default until it has its own treatment, and back again; refuses an unknown product', async () => {
    const module = invoicing();
    await module.saveSellerSettings({ ...institute, defaultVat: exempt }, 'admin-1');
    expect(await module.productVat('trauma')).toEqual({ productKey: 'trauma', own: null, effective: exempt });
    expect(await module.setProductVat('trauma', { kind: 'rate', rate: 8 }, 'admin-1')).toEqual({ productKey: 'trauma', own: { kind: 'rate', rate: 8 }, effective: { kind: 'rate', rate: 8 } });
    expect(await module.productTreatments()).toEqual({ trauma: { kind: 'rate', rate: 8 } });
    expect(await module.setProductVat('trauma', null, 'admin-1')).toEqual({ productKey: 'trauma', own: null, effective: exempt });
    expect(await module.productTreatments()).toEqual({ trauma: null });
    expect(await refusal(module.setProductVat('nope', { kind: 'rate', rate: 8 }, 'admin-1'))).toBe('product-not-found');
    expect(await refusal(module.productVat('nope'))).toBe('product-not-found');
    expect(await refusal(module.setProductVat('shame', { kind: 'rate', rate: 7 as 8 }, 'admin-1'))).toBe('invoicing-vat-invalid');
  });
});
