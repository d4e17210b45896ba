/**
 * What `i18next` is in the public entry's build (../../vite.public.config.ts): the part of it the
 * pages behind a mailed link use, about 1 kB instead of 16 kB gzip of the public pay page (issue
 * 17). The product's strings are English only (`languages` in the contracts), and those pages
 * look up dotted keys, put values into `{{name}}` (unescaped, as lib/i18n.ts sets: React escapes),
 * pick `_zero`, `_one` or `_other` by `count`, and fall back to `defaultValue`, then the key.
 * public-i18next.test.ts holds every string of the catalogues to i18next's own answer.
 */
export type Catalogue = { [key: string]: string | Catalogue };
export type TranslateOptions = { [name: string]: unknown; defaultValue?: string; count?: number };
type InitOptions = { resources?: Record<string, { translation?: Catalogue }>; lng?: string; fallbackLng?: string };

const catalogues = new Map<string, Catalogue>();
let language = 'en';
let fallbackLanguage = 'en';
const plurals = new Map<string, Intl.PluralRules>();

function isCatalogue(value: unknown): value is Catalogue {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Merges `from` into `into`, keeping what `into` has unless `overwrite` (i18next's deep addResourceBundle). */
function merge(into: Catalogue, from: Catalogue, overwrite: boolean): void {
  for (const [key, value] of Object.entries(from)) {
    const present = into[key];
    if (isCatalogue(value) && isCatalogue(present)) merge(present, value, overwrite);
    else if (present === undefined || overwrite) into[key] = isCatalogue(value) ? structuredClone(value) : value;
  }
}

/** The string at a dotted key (or at the key as written, as i18next also tries). */
function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  if (!catalogue) return undefined;
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) node = isCatalogue(node) ? node[part] : undefined;
  if (typeof node === 'string') return node;
  const flat = catalogue[key];
  return typeof flat === 'string' ? flat : undefined;
}

function valueAt(options: TranslateOptions, path: string): unknown {
  let node: unknown = options;
  for (const part of path.split('.')) node = typeof node === 'object' && node !== null ? Reflect.get(node, part) : undefined;
  return node;
}

/** `{{name}}` (and `{{- name}}`) replaced by the option's value; a name not given at all stays as written, one given as undefined or null becomes empty. */
function interpolate(text: string, options: TranslateOptions): string {
  return text.replace(/\{\{(-?)\s*([^}]+?)\s*\}\}/g, (written, _unescaped: string, name: string) => {
    const value = valueAt(options, name);
    if (value === undefined && !Object.prototype.hasOwnProperty.call(options, name)) return written;
    return value === undefined || value === null ? '' : String(value);
  });
}

function pluralRules(lng: string): Intl.PluralRules {
  let rules = plurals.get(lng);
  if (!rules) {
    rules = new Intl.PluralRules(lng);
    plurals.set(lng, rules);
  }
  return rules;
}

/** The keys tried for `key`, most specific first: its plural forms when a count is given. */
function candidates(key: string, options: TranslateOptions, lng: string): string[] {
  const { count } = options;
  if (typeof count !== 'number') return [key];
  return [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralRules(lng).select(count)}`, key];
}

function t(key: string, options: TranslateOptions = {}): string {
  for (const lng of new Set([language, fallbackLanguage])) {
    for (const candidate of candidates(key, options, lng)) {
      const found = lookup(catalogues.get(lng), candidate);
      if (found !== undefined) return interpolate(found, options);
    }
  }
  return options.defaultValue === undefined ? key : interpolate(options.defaultValue, options);
}

const i18n = {
  get language(): string {
    return language;
  },
  /** Plugins (react-i18next's) have nothing to do here: useTranslation reads this module. */
  use(_plugin: unknown) {
    return i18n;
  },
  init(options: InitOptions): Promise<typeof t> {
    language = options.lng ?? language;
    fallbackLanguage = options.fallbackLng ?? language;
    for (const [lng, namespaces] of Object.entries(options.resources ?? {})) {
      if (namespaces.translation) i18n.addResourceBundle(lng, 'translation', namespaces.translation, true, true);
    }
    return Promise.resolve(t);
  },
  /** Only the default namespace exists: the app keeps every string in `translation`. */
  addResourceBundle(lng: string, _namespace: 'translation', resources: Catalogue, _deep: true, overwrite: boolean) {
    const catalogue = catalogues.get(lng) ?? {};
    merge(catalogue, resources, overwrite);
    catalogues.set(lng, catalogue);
    return i18n;
  },
  t,
};

export default i18n;
