import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import app from '../locales/en-app.json';
import documents from '../locales/en-documents.json';
import en from '../locales/en.json';
import guest from '../locales/en-guest.json';
import small, { type Catalogue, type TranslateOptions } from './public-i18next';

/**
 * The public entry's i18next (./public-i18next) must answer as i18next does with the options
 * lib/i18n.ts sets, for every string the product has: the catalogues are added in the order the
 * app adds them, and each key is asked with its placeholders filled, and with counts for plurals.
 */
const real = createInstance();
await real.init({ resources: { en: { translation: en } }, lng: 'en', fallbackLng: 'en', initAsync: false, interpolation: { escapeValue: false } });
await small.init({ resources: { en: { translation: en } }, lng: 'en', fallbackLng: 'en' });
for (const bundle of [guest, documents, app]) {
  real.addResourceBundle('en', 'translation', bundle, true, false);
  small.addResourceBundle('en', 'translation', bundle, true, false);
}

function leaves(catalogue: Catalogue, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]): [string, string][] => (typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`)));
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const strings = [en, guest, documents, app].flatMap((catalogue) => leaves(catalogue));

/** Each placeholder of the string given a value of its own, so a swapped or dropped one shows. */
function filled(text: string): TranslateOptions {
  return Object.fromEntries([...text.matchAll(/\{\{-?\s*([^}]+?)\s*\}\}/g)].map(([, name], index) => [name ?? '', name === 'count' ? index + 3 : `«${name ?? ''}»`]));
}

describe('the public entry’s i18next', () => {
  it('answers every string of every catalogue as i18next does', () => {
    expect(strings.length).toBeGreaterThan(1000);
    for (const [key, text] of strings) {
      const options = filled(text);
      expect(small.t(key, options), key).toBe(real.t(key, options));
      expect(small.t(key), `${key} without values`).toBe(real.t(key));
    }
  });

  it('picks the plural form by count as i18next does, zero included', () => {
    const plurals = [...new Set(strings.map(([key]) => key).filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')))];
    expect(plurals.length).toBeGreaterThan(10);
    for (const key of plurals) {
      for (const count of [0, 1, 2, 21]) expect(small.t(key, { count }), `${key} ${count}`).toBe(real.t(key, { count }));
    }
  });

  it('falls back as i18next does: the default value, then the key; a value not given stays, one given as undefined or null is empty', () => {
    const cases: [string, TranslateOptions][] = [
      ['no.such.key', {}],
      ['no.such.key', { defaultValue: 'Plan {{name}}', name: 'Starter' }],
      ['online_payments.bank.linked_account', { account: 'Checking' }],
      ['online_payments.bank.linked_account', { account: undefined, last4: null }],
      ['online_payments.bank.linked_account', { account: 'Checking', last4: 6789 }],
    ];
    for (const [key, options] of cases) expect(small.t(key, options), key).toBe(real.t(key, options));
    // A key naming a group of strings is a mistake in the code: the key shows (i18next shows a warning text).
    expect(small.t('public_documents.preview')).toBe('public_documents.preview');
  });

  it('keeps strings already there when a later catalogue repeats a key, as the app adds them', () => {
    small.addResourceBundle('en', 'translation', { common: { cancel: 'Something else' } }, true, false);
    real.addResourceBundle('en', 'translation', { common: { cancel: 'Something else' } }, true, false);
    expect(small.t('common.cancel')).toBe(real.t('common.cancel'));
  });
});
