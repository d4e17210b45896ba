// `npm run admin:reset-password -- <email> [--tenant <id or domain>]`: a new password for a
// platform user, printed once, for when no mail server is configured to send a reset link.
import { openEmbedded, openPostgres } from './db/client';
import { loadEnv } from './env';
import { lockDataDir } from './platform/data-dir-lock';
import { generatedPassword } from './platform/passwords';
import { resetPlatformUserPassword } from './modules/platform-users/command-line-reset';

const USAGE = 'Usage: npm run admin:reset-password -- <email> [--tenant <tenant id or domain>]';

function argumentsOf(argv: readonly string[]): { email: string; tenant: string | null } | null {
  const rest = [...argv];
  let tenant: string | null = null;
  const tenantAt = rest.indexOf('--tenant');
  if (tenantAt !== -1) {
    tenant = rest[tenantAt + 1] ?? null;
    if (tenant === null) return null;
    rest.splice(tenantAt, 2);
  }
  const [email, ...extra] = rest;
  if (!email || extra.length > 0 || !email.includes('@')) return null;
  return { email: email.trim(), tenant };
}

async function main(): Promise<number> {
  const args = argumentsOf(process.argv.slice(2));
  if (!args) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const env = loadEnv();
  // The embedded database has one user at a time: a running server holds it and must be stopped first.
  const release = env.DATABASE_URL ? () => undefined : lockDataDir(env.dataDir);
  const database = env.DATABASE_URL ? openPostgres(env.DATABASE_URL, 1) : await openEmbedded(env.dataDir);
  try {
    await database.migrate();
    const password = generatedPassword();
    const result = await resetPlatformUserPassword(database.db, new Date(), { email: args.email, password, tenant: args.tenant });
    if (result.outcome === 'unknown-email') {
      process.stderr.write(`No platform user has the email ${args.email}${args.tenant ? ` in the tenant ${args.tenant}` : ''}. Nothing was changed.\n`);
      return 1;
    }
    if (result.outcome === 'several-tenants') {
      const listed = result.tenants.map((tenant) => `  ${tenant.id}  ${tenant.name}`).join('\n');
      process.stderr.write(`The email ${args.email} is a platform user in several tenants. Say which with --tenant:\n${listed}\nNothing was changed.\n`);
      return 1;
    }
    process.stdout.write(
      `The password of ${result.email} (tenant ${result.tenantName}) is now: ${password}\n` +
        'It is shown only this once. Every session and access token of this user has ended; sign in with it and change it under account settings.\n' +
        (result.status === 'disabled' ? 'This user is disabled: another super admin must enable them before they can sign in.\n' : ''),
    );
    return 0;
  } finally {
    await database.close();
    release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`The password could not be reset: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
