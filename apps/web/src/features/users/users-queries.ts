import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { inviteUserRequestSchema } from '@app/contracts';
import { api } from '../../lib/api-client';

type RoleSummary = { id: string; name: string; description: string | null };

export const userKeys = {
  all: ['users'] as const,
  roles: ['roles'] as const,
};

const rolesQueryOptions = queryOptions({
  queryKey: userKeys.roles,
  queryFn: () => api.get<{ data: RoleSummary[] }>('/roles'),
  select: (response) => response.data,
});

export function useRoles(enabled: boolean) {
  return useQuery({ ...rolesQueryOptions, enabled });
}

export function useInviteUser() {
  return useMutation({
    mutationFn: (body: z.output<typeof inviteUserRequestSchema>) => api.post<unknown>('/users', body),
  });
}
