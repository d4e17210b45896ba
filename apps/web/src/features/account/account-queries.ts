import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AccessTokenListResponse,
  AccessTokenResource,
  ChangePasswordResponse,
  UserResource,
  changePasswordRequestSchema,
  createAccessTokenRequestSchema,
  updateMeRequestSchema,
} from '@app/contracts';
import { api } from '../../lib/api-client';
import { sessionKey } from '../../lib/session';

export type TokenStatus = 'active' | 'expired' | 'all';
const TOKENS_PAGE_SIZE = 10;

const accountKeys = {
  tokens: ['me', 'tokens'] as const,
  tokenList: (status: TokenStatus, page: number) => ['me', 'tokens', status, page] as const,
};

function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionKey });
}

export function useUpdateMe() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (body: z.output<typeof updateMeRequestSchema>) => api.put<{ data: UserResource }>('/me', body),
    onSuccess: refresh,
  });
}

/** The link mailed to a new address; a signed-in browser reloads its session to show the new address. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<{ message: string }>('/confirm-email', { token }),
    onSuccess: () => queryClient.removeQueries({ queryKey: sessionKey }),
  });
}

export function useUploadAvatar() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('avatar', file);
      return api.post<{ data: { avatar: string } }>('/me/upload-avatar', body);
    },
    onSuccess: refresh,
  });
}

/** The answer lists the personal access tokens that still work (the other sessions and device tokens ended). */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof changePasswordRequestSchema>) => api.put<ChangePasswordResponse>('/me/change-password', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.tokens }),
  });
}

export function useUpdateLanguage() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (language: string) => api.put<unknown>('/me/settings', { settings: { language } }),
    onSuccess: refresh,
  });
}

/** Sensitive actions need a recently confirmed password (spec: confirmed-password status). */
export function fetchPasswordConfirmed(): Promise<boolean> {
  return api.get<{ confirmed: boolean }>('/user/confirmed-password-status').then((r) => r.confirmed);
}

export function useConfirmPassword() {
  return useMutation({
    mutationFn: (password: string) => api.post<unknown>('/user/confirm-password', { password }),
  });
}

export const twoFactorApi = {
  enable: () => api.post<{ secret: string; otpauth_url: string }>('/user/two-factor-authentication'),
  confirm: (code: string) => api.post<{ recovery_codes: string[] }>('/user/confirmed-two-factor-authentication', { code }),
  regenerateRecoveryCodes: () => api.post<{ recovery_codes: string[] }>('/user/two-factor-recovery-codes'),
  disable: () => api.delete<unknown>('/user/two-factor-authentication'),
};

export function useAccessTokens(status: TokenStatus, page: number) {
  return useQuery({
    queryKey: accountKeys.tokenList(status, page),
    queryFn: () =>
      api.get<AccessTokenListResponse>('/me/tokens', { query: { status, page, limit: TOKENS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof createAccessTokenRequestSchema>) =>
      api.post<{ data: AccessTokenResource; plain_text_token: string }>('/me/tokens', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.tokens }),
  });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/me/tokens/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.tokens }),
  });
}
