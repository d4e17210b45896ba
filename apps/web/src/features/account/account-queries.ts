import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  accessTokenListResponseSchema,
  avatarResponseSchema,
  type changePasswordRequestSchema,
  changePasswordResponseSchema,
  confirmedPasswordStatusSchema,
  type createAccessTokenRequestSchema,
  createAccessTokenResponseSchema,
  dataResponse,
  messageResponseSchema,
  recoveryCodesResponseSchema,
  successResponseSchema,
  twoFactorSetupResponseSchema,
  type updateMeRequestSchema,
  userResourceSchema,
} from '@app/contracts';
import { api } from '../../lib/api-client';
import { sessionKey } from '../../lib/session';

const userAnswer = dataResponse(userResourceSchema);

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
    mutationFn: (body: z.output<typeof updateMeRequestSchema>) => api.put('/me', userAnswer, body),
    onSuccess: refresh,
  });
}

/** The link mailed to a new address; a signed-in browser reloads its session to show the new address. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post('/confirm-email', messageResponseSchema, { token }),
    onSuccess: () => queryClient.removeQueries({ queryKey: sessionKey }),
  });
}

export function useUploadAvatar() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('avatar', file);
      return api.post('/me/upload-avatar', avatarResponseSchema, body);
    },
    onSuccess: refresh,
  });
}

/** The answer lists the personal access tokens that still work (the other sessions and device tokens ended). */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof changePasswordRequestSchema>) => api.put('/me/change-password', changePasswordResponseSchema, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.tokens }),
  });
}

export function useUpdateLanguage() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (language: string) => api.put('/me/settings', successResponseSchema, { settings: { language } }),
    onSuccess: refresh,
  });
}

/** The PDF template a user's new invoices or estimates get; null leaves it to the tenant's default. */
export function useUpdateDefaultTemplate(setting: 'default_invoice_template' | 'default_estimate_template') {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (template: string | null) => api.put('/me/settings', successResponseSchema, { settings: { [setting]: template } }),
    onSuccess: refresh,
  });
}

/** Sensitive actions need a recently confirmed password (spec: confirmed-password status). */
export function fetchPasswordConfirmed(): Promise<boolean> {
  return api.get('/user/confirmed-password-status', confirmedPasswordStatusSchema).then((r) => r.confirmed);
}

export function useConfirmPassword() {
  return useMutation({
    mutationFn: (password: string) => api.post('/user/confirm-password', confirmedPasswordStatusSchema, { password }),
  });
}

export const twoFactorApi = {
  enable: () => api.post('/user/two-factor-authentication', twoFactorSetupResponseSchema),
  confirm: (code: string) => api.post('/user/confirmed-two-factor-authentication', recoveryCodesResponseSchema, { code }),
  regenerateRecoveryCodes: () => api.post('/user/two-factor-recovery-codes', recoveryCodesResponseSchema),
  disable: () => api.deleteNoContent('/user/two-factor-authentication'),
};

export function useAccessTokens(status: TokenStatus, page: number) {
  return useQuery({
    queryKey: accountKeys.tokenList(status, page),
    queryFn: () =>
      api.get('/me/tokens', accessTokenListResponseSchema, { query: { status, page, limit: TOKENS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof createAccessTokenRequestSchema>) =>
      api.post('/me/tokens', createAccessTokenResponseSchema, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.tokens }),
  });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.deleteNoContent(`/me/tokens/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.tokens }),
  });
}
