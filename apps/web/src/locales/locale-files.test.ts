/// <reference types="node" />
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminMenu, defaultLanguage } from '@app/contracts';

const dir = import.meta.dirname;
/** Each language's strings come in these parts: `<lang>.json` (the login entry) and `<lang>-<part>.json`. */
const PARTS = ['', 'guest', 'app', 'documents'] as const;

function flatten(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  if (typeof value !== 'object' || value === null) return [`${prefix} (not text)`];
  return Object.entries(value).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key));
}

const fileOf = (language: string, part: string) => `${language}${part ? `-${part}` : ''}.json`;
const keysOf = (file: string): string[] => flatten(JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown);

const localeFiles = readdirSync(dir).filter((name) => name.endsWith('.json'));
const languages = [...new Set(localeFiles.map((name) => name.replace(/\.json$/, '').replace(/-(guest|app|documents)$/, '')))];

describe('locale files', () => {
  it('are only the known parts of each language', () => {
    expect(languages).toContain(defaultLanguage);
    const known = new Set(languages.flatMap((language) => PARTS.map((part) => fileOf(language, part))));
    expect(localeFiles.filter((name) => !known.has(name))).toEqual([]);
  });

  it.each(languages.filter((language) => language !== defaultLanguage))('%s has exactly the keys of the default language, part by part', (language) => {
    for (const part of PARTS) {
      const expected = keysOf(fileOf(defaultLanguage, part));
      const file = fileOf(language, part);
      expect(localeFiles, `${file} is missing`).toContain(file);
      const actual = new Set(keysOf(file));
      expect({ file, missing: expected.filter((key) => !actual.has(key)), extra: [...actual].filter((key) => !expected.includes(key)) }).toEqual({ file, missing: [], extra: [] });
    }
  });

  it('give every default-language key a non-empty text', () => {
    for (const part of PARTS) {
      const file = fileOf(defaultLanguage, part);
      const strings = JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown;
      expect(flatten(strings).filter((key) => key.endsWith('(not text)'))).toEqual([]);
      expect(JSON.stringify(strings)).not.toMatch(/:""/);
    }
  });

  it('describe every area the admin home links to', () => {
    const keys = new Set(PARTS.flatMap((part) => keysOf(fileOf(defaultLanguage, part))));
    const described = adminMenu.filter((item) => item.link !== '/admin').map((item) => `admin.links.${item.link.replace('/admin/', '')}`);
    expect(described.filter((key) => !keys.has(key))).toEqual([]);
  });
});
