import type { Env } from '../env';

export type Login = { who: string; email: string; password: string | null };

/** The address a person on this machine opens: a wildcard listen address is reached through localhost. */
export function openUrl(env: Pick<Env, 'HOST' | 'PORT'>, port: number): string {
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' || env.HOST === '' ? 'localhost' : env.HOST;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return `http://${shownHost}:${port}`;
}

/**
 * What `npm start` tells the person who started it, once the server answers: where to go and,
 * on the start that created them, the sign-ins (passwords are shown only then); with the demo's
 * payment provider, a public link to pay one of the demo invoices.
 */
export function startMessage(url: string, logins: readonly Login[], demoPayLink: string | null = null): string {
  const lines = ['', `Ledgerline is running. Open ${url} in your browser.`];
  if (demoPayLink) lines.push(`Pay a demo invoice by card as its customer (test card 4242 4242 4242 4242): ${demoPayLink}`);
  for (const login of logins) {
    const password = login.password === null ? 'the password set in ADMIN_PASSWORD' : `the password ${login.password}`;
    lines.push(`Sign in as the ${login.who} with the email ${login.email} and ${password}.`);
  }
  if (logins.some((login) => login.password !== null)) {
    lines.push('These passwords are shown only this once; change them under account settings.');
    lines.push('A forgotten super admin password can be reset with: npm run admin:reset-password -- <email>');
  }
  lines.push('', '');
  return lines.join('\n');
}
