import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AuditAction, auditLogListResponseSchema } from '@app/contracts';
import { api } from '../../lib/api-client';

export const AUDIT_PAGE_SIZE = 20;

export type AuditArea = 'company' | 'admin';
export type AuditFilters = { model: string; action: AuditAction | ''; userId: string; from: string; to: string; page: number };

export function useAuditLog(area: AuditArea, filters: AuditFilters) {
  return useQuery({
    queryKey: ['audit-logs', area, filters] as const,
    queryFn: () =>
      api.get(area === 'admin' ? '/platform/audit-logs' : '/audit-logs', auditLogListResponseSchema, {
        query: {
          page: filters.page,
          limit: AUDIT_PAGE_SIZE,
          model: filters.model || undefined,
          action: filters.action || undefined,
          user_id: filters.userId || undefined,
          from_date: filters.from || undefined,
          to_date: filters.to || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
}
