import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BankLinkExchangeRequest, type PayoutDocumentKind, type PayoutOnboarding, type PayoutStepRequest, bankLinkTokenSchema, dataResponse, payoutOnboardingLinkSchema, payoutOnboardingSchema } from '@app/contracts';
import { api } from '../../lib/api-client';

const onboardingAnswer = dataResponse(payoutOnboardingSchema);

/**
 * Where the wizard's calls go: the signed-in business (`/business`) or a public onboarding link
 * (`/public/onboarding/{token}`), which mirrors the same calls for its one business.
 */
export type PayoutApiBase = string;
export const signedInBase: PayoutApiBase = '/business';
export const publicLinkBase = (token: string): PayoutApiBase => `/public/onboarding/${encodeURIComponent(token)}`;

const keyOf = (base: PayoutApiBase) => ['payouts', base] as const;

/** How often the page asks again while the provider is still verifying: its event updates our copy, not the open page. */
const VERIFYING_REFETCH_MS = 3_000;

export function usePayoutOnboarding(base: PayoutApiBase) {
  return useQuery({
    queryKey: keyOf(base),
    queryFn: ({ signal }) => api.get(`${base}/onboarding/requirements`, onboardingAnswer, { signal }),
    refetchInterval: (query) => ((query.state.data?.data.account?.pending_verification.length ?? 0) > 0 ? VERIFYING_REFETCH_MS : false),
  });
}

function useStore(base: PayoutApiBase) {
  const queryClient = useQueryClient();
  return (answer: { data: PayoutOnboarding }) => queryClient.setQueryData(keyOf(base), answer);
}

export function useSubmitPayoutStep(base: PayoutApiBase) {
  const store = useStore(base);
  return useMutation({ mutationFn: (body: PayoutStepRequest) => api.post(`${base}/onboarding/requirements`, onboardingAnswer, body), onSuccess: store });
}

export function useRefreshPayoutAccount(base: PayoutApiBase) {
  const store = useStore(base);
  return useMutation({ mutationFn: () => api.post(`${base}/onboarding/refresh-account`, onboardingAnswer, {}), onSuccess: store });
}

export function useUploadPayoutDocument(base: PayoutApiBase) {
  const store = useStore(base);
  return useMutation({
    mutationFn: ({ kind, file }: { kind: PayoutDocumentKind; file: File }) => {
      const body = new FormData();
      body.append(kind, file);
      return api.post(`${base}/onboarding/upload-documents`, onboardingAnswer, body);
    },
    onSuccess: store,
  });
}

export function useBankLinkToken(base: PayoutApiBase) {
  return useMutation({ mutationFn: () => api.post(`${base}/onboarding/bank-link-token`, dataResponse(bankLinkTokenSchema), {}) });
}

export function useExchangeBankLink(base: PayoutApiBase) {
  const store = useStore(base);
  return useMutation({ mutationFn: (body: BankLinkExchangeRequest) => api.post(`${base}/onboarding/bank-link-exchange`, onboardingAnswer, body), onSuccess: store });
}

export function useCreateOnboardingLink() {
  return useMutation({ mutationFn: () => api.post('/business/onboarding/link', dataResponse(payoutOnboardingLinkSchema), {}) });
}
