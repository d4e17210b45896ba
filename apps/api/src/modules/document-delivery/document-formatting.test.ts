import { describe, expect, it } from 'vitest';
import { businessSettingDefaults } from '@app/contracts';
import { fillPlaceholders, formatAddress, formatDocumentDate } from './document-formatting';

describe('document formatting', () => {
  it('formats dates as DD MMM YYYY', () => {
    expect(formatDocumentDate('2026-03-01')).toBe('01 Mar 2026');
    expect(formatDocumentDate('2026-12-31')).toBe('31 Dec 2026');
    expect(() => formatDocumentDate('2026-13-01')).toThrow(RangeError);
  });

  it('fills an address format, naming the country and dropping what empty parts leave', () => {
    const format = businessSettingDefaults.invoice_billing_address_format;
    const full = { name: 'HQ', address_street_1: 'Bahnhofstrasse 1', address_street_2: null, city: 'Zürich', state: 'ZH', zip: '8001', country_id: 216, phone: '+41 44 000 00 00' };
    expect(formatAddress(format, full)).toEqual(['HQ', 'Bahnhofstrasse 1', 'Zürich, ZH 8001', 'Switzerland', '+41 44 000 00 00']);
    expect(formatAddress(format, { address_street_1: 'Rynek 1', city: 'Łódź', country_id: 177 })).toEqual(['Rynek 1', 'Łódź', 'Poland']);
    expect(formatAddress(format, { address_street_1: 'Main St 2', state: 'CA', zip: '94000', country_id: 9999 })).toEqual(['Main St 2', 'CA 94000']);
    expect(formatAddress(format, null)).toEqual([]);
  });

  it('fills known placeholders and keeps unknown ones', () => {
    expect(fillPlaceholders('{customer}: {number} {link}', { customer: 'Globex', number: 'INV-1' })).toBe('Globex: INV-1 {link}');
  });
});
