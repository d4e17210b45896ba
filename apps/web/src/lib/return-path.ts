/**
 * Coming back to the page asked for after signing in: a guest who opens an emailed link to a page
 * behind sign-in (an incoming invoice to pay, a payment) lands on it once signed in, not on the
 * dashboard. Only a path on this site is ever followed, so a crafted `next` cannot send a user to
 * another origin after they typed their password.
 */
const LOGIN = '/login';

/** The sign-in page that leads back to `requestUrl` (the page's path, query and hash are kept). */
export function signInPathFor(requestUrl: string): string {
  const url = new URL(requestUrl, 'http://app.invalid');
  const here = `${url.pathname}${url.search}${url.hash}`;
  return here === '/' || url.pathname === LOGIN ? LOGIN : `${LOGIN}?next=${encodeURIComponent(here)}`;
}

/** The page to go back to, read from the sign-in page's query; null when absent or not a path on this site. */
export function returnPathFrom(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  const url = new URL(next, 'http://app.invalid');
  if (url.origin !== 'http://app.invalid' || url.pathname === LOGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
