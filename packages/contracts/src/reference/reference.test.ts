import { describe, it, expect } from 'vitest';
import {
  countries,
  countryByCode,
  currencies,
  currencyByCode,
  currencyById,
  dateFormats,
  defaultLanguage,
  fiscalYears,
  isValidTimeZone,
  languages,
  timeZones,
} from './index';

describe('currencies', () => {
  it('has USD as id 1 with precision 2', () => {
    const usd = currencyById(1);
    expect(usd?.code).toBe('USD');
    expect(usd?.precision).toBe(2);
    expect(usd?.symbol).toBe('$');
    expect(usd?.thousand_separator).toBe(',');
    expect(usd?.decimal_separator).toBe('.');
    expect(usd?.swap_currency_symbol).toBe(false);
  });

  it('uses ISO 4217 minor units', () => {
    expect(currencyByCode('JPY')?.precision).toBe(0);
    expect(currencyByCode('KRW')?.precision).toBe(0);
    expect(currencyByCode('KWD')?.precision).toBe(3);
    expect(currencyByCode('BHD')?.precision).toBe(3);
    expect(currencyByCode('CLF')?.precision).toBe(4);
  });

  it('looks up codes case-insensitively', () => {
    expect(currencyByCode('eur')?.code).toBe('EUR');
    expect(currencyByCode('XYZ')).toBeUndefined();
    expect(currencyById(0)).toBeUndefined();
  });

  it('has unique codes', () => {
    const codes = currencies.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{3}$/);
  });

  it('has unique, contiguous ids starting at 1', () => {
    const ids = currencies.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => i + 1));
  });

  it('has at least 150 currencies', () => {
    expect(currencies.length).toBeGreaterThanOrEqual(150);
  });
});

describe('countries', () => {
  it('has 249 countries with unique codes', () => {
    expect(countries).toHaveLength(249);
    const codes = countries.map((c) => c.code);
    expect(new Set(codes).size).toBe(249);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('has ids 1..n in alphabetical order of name', () => {
    expect(countries.map((c) => c.id)).toEqual(Array.from({ length: 249 }, (_, i) => i + 1));
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('finds the US by code', () => {
    expect(countryByCode('US')?.name).toBe('United States');
    expect(countryByCode('us')?.phonecode).toBe('+1');
  });
});

describe('languages', () => {
  it('is English only', () => {
    expect(languages).toEqual([{ code: 'en', name: 'English' }]);
    expect(defaultLanguage).toBe('en');
  });
});

describe('time zones', () => {
  it('includes Europe/Berlin and UTC', () => {
    const values = timeZones().map((t) => t.value);
    expect(values).toContain('Europe/Berlin');
    expect(values).toContain('UTC');
    expect(timeZones().find((t) => t.value === 'UTC')?.key).toBe('(UTC+00:00) UTC');
  });

  it('is memoised', () => {
    expect(timeZones()).toBe(timeZones());
  });

  it('validates time zone names', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Not/AZone')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('answers the same for a name asked again, whether it was accepted or refused', () => {
    for (let round = 0; round < 2; round += 1) {
      expect(isValidTimeZone('Asia/Kolkata')).toBe(true);
      expect(isValidTimeZone('Not/AZone')).toBe(false);
      expect(isValidTimeZone('   ')).toBe(false);
    }
  });
});

describe('date formats', () => {
  it('defaults to DD MMM YYYY', () => {
    expect(dateFormats[0]).toMatchObject({ carbon_format_value: 'd M Y', moment_format_value: 'DD MMM YYYY' });
  });

  it('has 12 fiscal years', () => {
    expect(fiscalYears).toHaveLength(12);
    expect(fiscalYears[0]).toEqual({ key: 'january-december', value: '1-12' });
  });
});
