/**
 * Checking abilities, apart from the list of abilities and the seeded roles: the web's login entry
 * checks route access with `satisfies` and must not bundle every ability's name and description.
 */

export const ALL_ABILITIES = '*';

/** One name, a list (any of) or `{ all: [...] }` (all of). */
export type AbilityCheck = string | readonly string[] | { readonly all: readonly string[] };

export function holds(held: readonly string[], name: string): boolean {
  return held.includes(ALL_ABILITIES) || held.includes(name);
}

export function satisfies(held: readonly string[], check: AbilityCheck): boolean {
  if (typeof check === 'string') return holds(held, check);
  if ('all' in check) return check.all.every((name) => holds(held, name));
  return check.some((name) => holds(held, name));
}

/**
 * Whether someone holding `held` may give, create or change a role holding `granted`: nobody hands
 * out an ability they do not hold. Holding '*' covers anything; a role holding '*' needs '*'.
 */
export function canGrant(held: readonly string[], granted: readonly string[]): boolean {
  if (held.includes(ALL_ABILITIES)) return true;
  return granted.every((name) => name !== ALL_ABILITIES && held.includes(name));
}

export function abilitiesInCheck(check: AbilityCheck): readonly string[] {
  if (typeof check === 'string') return [check];
  if ('all' in check) return check.all;
  return check;
}
