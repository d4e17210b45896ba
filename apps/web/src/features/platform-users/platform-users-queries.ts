import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type PlatformUserTab,
  canGrant,
  dataResponse,
  type invitePlatformUserRequestSchema,
  platformUserInvitedResponseSchema,
  platformUserListResponseSchema,
  platformUserResourceSchema,
  roleListResponseSchema,
  successResponseSchema,
  type updatePlatformUserRequestSchema,
} from '@app/contracts';
import { api } from '../../lib/api-client';
import { abilitiesFor, useBootstrap } from '../../lib/session';

const platformUserAnswer = dataResponse(platformUserResourceSchema);

export const PLATFORM_USERS_PAGE_SIZE = 15;

export const platformUserKeys = {
  all: ['platform-users'] as const,
  list: (tab: PlatformUserTab, search: string, page: number) => ['platform-users', 'list', tab, search, page] as const,
  roles: ['roles', 'platform', 'options'] as const,
};

export function usePlatformUsers(tab: PlatformUserTab, search: string, page: number) {
  return useQuery({
    queryKey: platformUserKeys.list(tab, search, page),
    queryFn: () =>
      api.get('/platform/users', platformUserListResponseSchema, {
        query: { status: tab, search: search || undefined, page, limit: PLATFORM_USERS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Role options; those holding abilities the signed-in user lacks are disabled (the server refuses them). */
export function usePlatformRoles(enabled: boolean) {
  const held = abilitiesFor(useBootstrap(), 'platform');
  return useQuery({
    queryKey: platformUserKeys.roles,
    queryFn: () => api.get('/platform/roles', roleListResponseSchema, { query: { limit: 500 } }),
    select: (response) => response.data.map((role) => ({ value: role.id, label: role.name, disabled: !canGrant(held, role.abilities) })),
    enabled,
  });
}

export function useInvitePlatformUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof invitePlatformUserRequestSchema>) => api.post('/platform/users', platformUserInvitedResponseSchema, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformUserKeys.all }),
  });
}

export function useUpdatePlatformUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.output<typeof updatePlatformUserRequestSchema> }) =>
      api.put(`/platform/users/${encodeURIComponent(id)}`, platformUserAnswer, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformUserKeys.all }),
  });
}

export function useTogglePlatformUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'disable' | 'enable' }) => api.post(`/platform/users/${encodeURIComponent(id)}/${action}`, platformUserAnswer),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformUserKeys.all }),
  });
}

export function useDeletePlatformUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/platform/users/${encodeURIComponent(id)}`, successResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformUserKeys.all }),
  });
}
