import en from '../locales/en.json';

type Catalogue = typeof en;
type KeysOf<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${KeysOf<T[K]>}` }[keyof T & string];
/** A key of locales/en.json: the strings of the login entry, and the common ones. */
export type GuestKey = KeysOf<Catalogue>;

type Translate = (key: GuestKey) => string;

function fromCatalogue(key: GuestKey): string {
  let node: unknown = en;
  for (const part of key.split('.')) node = typeof node === 'object' && node !== null ? Reflect.get(node, part) : undefined;
  return typeof node === 'string' ? node : key;
}

let translate: Translate = fromCatalogue;

/**
 * The login entry's strings without i18next: the login screen, the loader, the status pages and
 * toasts read locales/en.json directly (the product UI is English only, see `languages` in the
 * contracts; none of these strings has placeholders). i18next loads with every other screen
 * (lib/on-demand-screen), with the other guest strings (locales/en-guest.json) and the signed-in
 * ones, and from then on answers here too, so its language applies.
 */
export function guestText(key: GuestKey): string {
  return translate(key);
}

/** Called by lib/i18n once i18next is ready. */
export function translateGuestTextWith(next: Translate): void {
  translate = next;
}
