import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type {
  acceptInvitationRequestSchema,
  forgotPasswordRequestSchema,
  invitationInfoSchema,
  loginRequestSchema,
  resetPasswordRequestSchema,
  signUpRequestSchema,
  TwoFactorChallengeRequest,
} from '@app/contracts';
import { api } from '../../lib/api-client';
import { homePathFor, sessionKey, sessionQueryOptions } from '../../lib/session';
import { storage } from '../../lib/storage';

type MessageResponse = { message?: string };
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

const authKeys = {
  invitation: (token: string) => ['invitation', token] as const,
};

export function useLogin() {
  return useMutation({
    mutationFn: (body: z.output<typeof loginRequestSchema>) => api.post<{ two_factor: boolean }>('/login', body),
  });
}

export function useTwoFactorChallenge() {
  return useMutation({
    mutationFn: (body: TwoFactorChallengeRequest) => api.post<unknown>('/two-factor-challenge', body),
  });
}

/** After a successful sign-in: load the startup data and go where the user belongs. */
export function useCompleteSignIn(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    queryClient.removeQueries({ queryKey: sessionKey });
    const session = await queryClient.fetchQuery(sessionQueryOptions);
    await navigate(session ? homePathFor(session) : '/login', { replace: true });
  };
}

/** Logout: even when the call fails, local state is cleared and the user goes to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post<unknown>('/logout'),
    onSettled: async () => {
      storage.clearSession();
      queryClient.clear();
      queryClient.setQueryData(sessionKey, null);
      await navigate('/login', { replace: true });
    },
  });
}

/** Signs nobody in: the answer is the same for every address, and the mailed link continues. */
export function useSignUp() {
  return useMutation({
    mutationFn: (body: z.output<typeof signUpRequestSchema>) => api.post<MessageResponse>('/sign-up', body),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: z.output<typeof forgotPasswordRequestSchema>) => api.post<MessageResponse>('/forgot-password', body),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: z.output<typeof resetPasswordRequestSchema>) => api.post<MessageResponse>('/reset-password', body),
  });
}

const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authKeys.invitation(token),
    queryFn: () => api.get<InvitationInfo>(`/invitations/${encodeURIComponent(token)}`),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}

export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: (body: z.output<typeof acceptInvitationRequestSchema>) =>
      api.post<MessageResponse>(`/accept-user-invitation/${encodeURIComponent(token)}`, body),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: () => api.post<MessageResponse>('/email/verification-notification'),
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<MessageResponse>('/verify-email', { token }),
    onSuccess: () => queryClient.removeQueries({ queryKey: sessionKey }),
  });
}
