import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type TeamUserTab,
  type UpdateTeamUserRequest,
  canGrant,
  dataResponse,
  type inviteUserRequestSchema,
  roleListResponseSchema,
  successResponseSchema,
  teamUserInvitedResponseSchema,
  teamUserListResponseSchema,
  teamUserResourceSchema,
} from '@app/contracts';
import { api } from '../../lib/api-client';
import { abilitiesFor, useBootstrap } from '../../lib/session';

export const USERS_PAGE_SIZE = 15;

const teamUserAnswer = dataResponse(teamUserResourceSchema);

export const userKeys = {
  all: ['users'] as const,
  list: (tab: TeamUserTab, search: string, page: number) => ['users', 'list', tab, search, page] as const,
  roles: ['roles', 'business', 'options'] as const,
};

export function useTeamUsers(tab: TeamUserTab, search: string, page: number) {
  return useQuery({
    queryKey: userKeys.list(tab, search, page),
    queryFn: () =>
      api.get('/users', teamUserListResponseSchema, {
        query: { status: tab === 'all' ? undefined : tab, search: search || undefined, page, limit: USERS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The business roles a member can be given (the owner role moves only by transfer), each marked
 * `grantable` when the signed-in user holds all its abilities; the server refuses the others.
 */
export function useAssignableRoles(enabled: boolean) {
  const held = abilitiesFor(useBootstrap(), 'business');
  return useQuery({
    queryKey: userKeys.roles,
    queryFn: () => api.get('/roles', roleListResponseSchema, { query: { limit: 500 } }),
    select: (response) => response.data.filter((role) => !role.is_system).map((role) => ({ id: role.id, name: role.name, grantable: canGrant(held, role.abilities) })),
    enabled,
  });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof inviteUserRequestSchema>) => api.post('/users', teamUserInvitedResponseSchema, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTeamUserRequest }) => api.put(`/users/${encodeURIComponent(id)}`, teamUserAnswer, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export type UserAction = 'disable' | 'enable' | 'resend-invite' | 'transfer-ownership' | 'remove';

/** One mutation for the row actions; after each the list reloads. */
export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: UserAction }) => {
      if (action === 'remove') await api.delete(`/users/${encodeURIComponent(id)}`, successResponseSchema);
      else await api.post(`/users/${encodeURIComponent(id)}/${action}`, action === 'resend-invite' ? teamUserInvitedResponseSchema : teamUserAnswer);
    },
    onSuccess: async (_data, { action }) => {
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      // Transferring ownership changes the caller's own abilities.
      if (action === 'transfer-ownership') await queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}
