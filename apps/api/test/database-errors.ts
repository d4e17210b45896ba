import { expect } from 'vitest';

/** SQLSTATE codes the isolation and integrity tests expect. */
export const SQLSTATE = {
  insufficientPrivilege: '42501',
  notNullViolation: '23502',
  foreignKeyViolation: '23503',
  uniqueViolation: '23505',
  checkViolation: '23514',
} as const;

export type DatabaseError = { code: string; constraint: string | null; message: string };

/**
 * The PostgreSQL error an error carries, on itself or on a cause: drizzle wraps the driver's error
 * (DrizzleQueryError), and both PGlite and node-postgres put the SQLSTATE in `code` and the
 * constraint's name in `constraint`.
 */
export function databaseErrorOf(error: unknown): DatabaseError | null {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = 'code' in current ? current.code : undefined;
    const constraint = 'constraint' in current ? current.constraint : undefined;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : null, message: current.message };
    }
    current = current.cause;
  }
  return null;
}

/**
 * Asserts that `work` fails with exactly this database error: the SQLSTATE, and the constraint or a
 * part of the message when given. Any other failure (a typo in the SQL, a missing table, a dropped
 * connection) fails the test instead of passing it.
 */
export async function expectDatabaseError(work: Promise<unknown>, expected: { code: string; constraint?: string; message?: string | RegExp }): Promise<void> {
  const outcome = await work.then(
    () => ({ failed: false as const }),
    (error: unknown) => ({ failed: true as const, error }),
  );
  expect(outcome.failed, 'the database accepted what it should refuse').toBe(true);
  if (!outcome.failed) return;
  const found = databaseErrorOf(outcome.error);
  expect(found, `not a database error: ${String(outcome.error)}`).not.toBeNull();
  expect(found?.code, found?.message).toBe(expected.code);
  if (expected.constraint !== undefined) expect(found?.constraint).toBe(expected.constraint);
  if (expected.message !== undefined) expect(found?.message).toMatch(expected.message);
}
