import { type AccessLogResource, type ApiLogDetail, type ApiLogResource, accessLogsQuerySchema, apiLogsQuerySchema, listMeta } from '@app/contracts';
import type { z } from 'zod';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import * as repo from './platform-logs.repository';

type ApiRow = Awaited<ReturnType<typeof repo.listApiLogs>>[number];

const DAY_MS = 86_400_000;

/** `from` and `to` are calendar days (UTC), both included. */
function range(query: { from?: string | undefined; to?: string | undefined }) {
  const day = (value: string) => new Date(`${value}T00:00:00.000Z`);
  return { from: query.from ? day(query.from) : undefined, until: query.to ? new Date(day(query.to).getTime() + DAY_MS) : undefined };
}

function toApiLog(row: ApiRow): ApiLogResource {
  const { log } = row;
  return {
    id: log.id,
    user: log.userId && row.userName !== null && row.userEmail !== null ? { id: log.userId, name: row.userName, email: row.userEmail } : null,
    business: log.businessId && row.businessName !== null ? { id: log.businessId, name: row.businessName } : null,
    method: log.method,
    url: log.url,
    response_code: log.responseCode,
    ip: log.ip,
    load_time_ms: log.loadTimeMs,
    response_size: log.responseSize,
    created_at: log.createdAt.toISOString(),
    api_client: log.apiClientName ?? null,
  };
}

/** Admin area → access logs and API logs, newest first, always paged. */
export function createPlatformLogService(app: AppContext) {
  return {
    async accessLogs(tenantId: string, query: z.output<typeof accessLogsQuerySchema>) {
      const filter = { userId: query.user_id, ...range(query) };
      return inTenant(app.db, tenantId, async (tx) => {
        const rows = await repo.listAccessLogs(tx, tenantId, filter, Math.max(query.page - 1, 0) * query.limit, query.limit);
        const total = await repo.countAccessLogs(tx, tenantId, filter);
        const data: AccessLogResource[] = rows.map(({ log, userName, userEmail }) => ({
          id: log.id,
          user: { id: log.userId, name: userName, email: userEmail },
          ip: log.ip,
          device: log.device,
          logged_in_at: log.loggedInAt.toISOString(),
        }));
        return { data, meta: { ...listMeta(query.page, query.limit, total), access_log_total_count: total } };
      });
    },

    async apiLogs(tenantId: string, query: z.output<typeof apiLogsQuerySchema>) {
      const filter = { userId: query.user_id, businessId: query.business_id, method: query.method, responseCode: query.response_code, ...range(query) };
      return inTenant(app.db, tenantId, async (tx) => {
        const rows = await repo.listApiLogs(tx, tenantId, filter, Math.max(query.page - 1, 0) * query.limit, query.limit);
        const total = await repo.countApiLogs(tx, tenantId, filter);
        return { data: rows.map(toApiLog), meta: { ...listMeta(query.page, query.limit, total), api_log_total_count: total } };
      });
    },

    /** The bodies were redacted when the log row was written. */
    async apiLog(tenantId: string, id: string): Promise<ApiLogDetail> {
      const row = await inTenant(app.db, tenantId, (tx) => repo.findApiLog(tx, tenantId, id));
      if (!row) throw AppError.notFound();
      const { log } = row;
      return {
        ...toApiLog(row),
        os: log.os,
        app_name: log.appName,
        app_version: log.appVersion,
        client: log.client,
        timezone: log.timezone,
        request_body: log.requestBody ?? null,
        response_body: log.responseBody ?? null,
      };
    },
  };
}

export type PlatformLogService = ReturnType<typeof createPlatformLogService>;
