import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KSEF_QR_BASE, ksefVerificationUrl, toFa3Xml } from '../../../modules/invoicing/index.ts';
import { KSEF_QR_OFFLINE_LABEL, ksefQrLabel } from '../../../modules/invoicing/ksef-qr.ts';
import { keepForSchemaCheck } from '../../support/ksef-xml.ts';
import { invoiceOf, line, rate } from './fa3-documents.ts';

describe('ksefVerificationUrl: KOD I', () => {
  const xml = toFa3Xml(invoiceOf([line('Nagranie: Gestalt dziś — ćwiczenia', 12300, rate(23))]));
  keepForSchemaCheck('kod-i-invoice', xml);

  it('links the seller NIP, the issue date as DD-MM-RRRR and the SHA-256 of the exact XML bytes, Base64URL without padding', () => {
    // By hand: the standard Base64 of the digest, made URL-safe and unpadded.
    const base64 = createHash('sha256').update(Buffer.from(xml, 'utf8')).digest('base64');
    const hash = base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(hash).toHaveLength(43);
    expect(ksefVerificationUrl(KSEF_QR_BASE.TE, '123-456-32-18', '2026-03-02', xml))
      .toBe(`https://qr-test.ksef.mf.gov.pl/invoice/1234563218/02-03-2026/${hash}`);
  });

  it('has the shape of the example in kody-qr.md, for every environment', () => {
    expect(KSEF_QR_BASE).toEqual({ TE: 'https://qr-test.ksef.mf.gov.pl', DEMO: 'https://qr-demo.ksef.mf.gov.pl', PRD: 'https://qr.ksef.mf.gov.pl' });
    const example = 'https://qr-test.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE';
    const shape = /^https:\/\/qr(-test|-demo)?\.ksef\.mf\.gov\.pl\/invoice\/\d{10}\/\d{2}-\d{2}-\d{4}\/[A-Za-z0-9_-]{43}$/;
    expect(example).toMatch(shape);
    for (const base of Object.values(KSEF_QR_BASE)) {
      const url = ksefVerificationUrl(`${base}/`, '1111111111', '2026-02-01', xml);
      expect(url).toMatch(shape);
      expect(url.startsWith(`${base}/invoice/1111111111/01-02-2026/`)).toBe(true);
    }
  });

  it('changes with a single byte of the XML', () => {
    const url = (text: string) => ksefVerificationUrl(KSEF_QR_BASE.PRD, '1111111111', '2026-02-01', text);
    expect(url(xml)).not.toBe(url(xml.replace('123.00', '123.01')));
    expect(url(xml)).toBe(url(toFa3Xml(invoiceOf([line('Nagranie: Gestalt dziś — ćwiczenia', 12300, rate(23))]))));
  });

  it('refuses an invalid NIP or a date not in yyyy-mm-dd', () => {
    expect(() => ksefVerificationUrl(KSEF_QR_BASE.TE, '1234563219', '2026-03-02', xml)).toThrow(/NIP/);
    expect(() => ksefVerificationUrl(KSEF_QR_BASE.TE, '1234563218', '02.03.2026', xml)).toThrow(/yyyy-mm-dd/);
  });

  it('is labelled with the KSeF number once assigned, "OFFLINE" before', () => {
    expect(ksefQrLabel('1234563218-20260302-0100001AF629-AF')).toBe('1234563218-20260302-0100001AF629-AF');
    expect(ksefQrLabel(null)).toBe('OFFLINE');
    expect(KSEF_QR_OFFLINE_LABEL).toBe('OFFLINE');
  });
});
