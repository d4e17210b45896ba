import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type {
  acceptInvitationRequestSchema,
  forgotPasswordRequestSchema,
  invitationInfoSchema,
  resetPasswordRequestSchema,
  signUpRequestSchema,
  TwoFactorChallengeRequest,
} from '@app/contracts';
import { api } from '../../lib/api-client';
import { entryAnswers } from '../../lib/entry-answers-loader';
import { sessionKey } from '../../lib/session';
import { storage } from '../../lib/storage';
import { loginAnswer } from './sign-in';

export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

const messageAnswer = () => entryAnswers().then((schemas) => schemas.messageResponseSchema);

const authKeys = {
  invitation: (token: string) => ['invitation', token] as const,
};

export function useTwoFactorChallenge() {
  return useMutation({
    mutationFn: (body: TwoFactorChallengeRequest) => api.post('/two-factor-challenge', loginAnswer, body),
  });
}

/** Logout: even when the call fails, local state is cleared and the user goes to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.postNoContent('/logout'),
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
    mutationFn: (body: z.output<typeof signUpRequestSchema>) => api.post('/sign-up', messageAnswer, body),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: z.output<typeof forgotPasswordRequestSchema>) => api.post('/forgot-password', messageAnswer, body),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: z.output<typeof resetPasswordRequestSchema>) => api.post('/reset-password', messageAnswer, body),
  });
}

const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authKeys.invitation(token),
    queryFn: () => api.get(`/invitations/${encodeURIComponent(token)}`, () => entryAnswers().then((schemas) => schemas.invitationInfoSchema)),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}

export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: (body: z.output<typeof acceptInvitationRequestSchema>) =>
      api.post(`/accept-user-invitation/${encodeURIComponent(token)}`, messageAnswer, body),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: () => api.post('/email/verification-notification', messageAnswer),
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post('/verify-email', messageAnswer, { token }),
    onSuccess: () => queryClient.removeQueries({ queryKey: sessionKey }),
  });
}
