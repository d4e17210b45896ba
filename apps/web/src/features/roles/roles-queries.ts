import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AbilityScope, dataResponse, roleListResponseSchema, type RoleRequest, roleResourceSchema, successResponseSchema } from '@app/contracts';
import { api } from '../../lib/api-client';

const roleAnswer = dataResponse(roleResourceSchema);

export const ROLES_PAGE_SIZE = 15;

/** Business roles live at /roles, the internal team's at /platform/roles. */
const base = (scope: AbilityScope) => (scope === 'platform' ? '/platform/roles' : '/roles');

export const roleKeys = {
  scope: (scope: AbilityScope) => ['roles', scope] as const,
  list: (scope: AbilityScope, page: number) => ['roles', scope, 'list', page] as const,
};

export function useRoleList(scope: AbilityScope, page: number) {
  return useQuery({
    queryKey: roleKeys.list(scope, page),
    queryFn: () => api.get(base(scope), roleListResponseSchema, { query: { page, limit: ROLES_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveRole(scope: AbilityScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: RoleRequest }) =>
      id ? api.put(`${base(scope)}/${encodeURIComponent(id)}`, roleAnswer, body) : api.post(base(scope), roleAnswer, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.scope(scope) }),
  });
}

export function useDeleteRole(scope: AbilityScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`${base(scope)}/${encodeURIComponent(id)}`, successResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.scope(scope) }),
  });
}
