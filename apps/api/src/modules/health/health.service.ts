import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/app-context';

export function createHealthService(app: AppContext) {
  return {
    /** Resolves once the database answers a trivial query; rejects when it cannot. */
    async pingDatabase(): Promise<void> {
      await app.db.execute(sql`select 1`);
    },
  };
}
