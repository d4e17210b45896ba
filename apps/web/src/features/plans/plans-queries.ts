import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ChangePlanRequest,
  type PlanRequest,
  type UpdateBillingContactRequest,
  businessBillingResourceSchema,
  dataResponse,
  planListResponseSchema,
  planResourceSchema,
  successResponseSchema,
} from '@app/contracts';
import { api } from '../../lib/api-client';

const plansKey = ['platform-plans'] as const;
const billingKey = ['business-billing'] as const;
const billingAnswer = dataResponse(businessBillingResourceSchema);
const planAnswer = dataResponse(planResourceSchema);

/** Admin area → plans: the tenant's catalogue. */
export function usePlans() {
  return useQuery({ queryKey: plansKey, queryFn: ({ signal }) => api.get('/platform/plans', planListResponseSchema, { signal }).then((r) => r.data) });
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PlanRequest }) =>
      id ? api.put(`/platform/plans/${encodeURIComponent(id)}`, planAnswer, body) : api.post('/platform/plans', planAnswer, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansKey }),
  });
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/platform/plans/${encodeURIComponent(id)}`, successResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansKey }),
  });
}

/** Settings → billing information: the business's plan, the plans it may pick and its billing contact. */
export function useBilling() {
  return useQuery({ queryKey: billingKey, queryFn: ({ signal }) => api.get('/business/billing', billingAnswer, { signal }).then((r) => r.data) });
}

export function useSaveBillingContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBillingContactRequest) => api.put('/business/billing', billingAnswer, body),
    onSuccess: (response) => queryClient.setQueryData(billingKey, response.data),
  });
}

/** A new plan opens or closes features: every answer read under the old one is read again. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePlanRequest) => api.put('/business/plan', billingAnswer, body),
    onSuccess: async (response) => {
      queryClient.setQueryData(billingKey, response.data);
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== billingKey[0] });
    },
  });
}

/** A platform admin moves a business to a plan (null: the default); the business's admin view is read again. */
export function useAssignPlan(businessId: string, businessKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: string | null) => api.put(`/platform/businesses/${encodeURIComponent(businessId)}/plan`, billingAnswer, { plan_id: planId }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: businessKey });
      await queryClient.invalidateQueries({ queryKey: plansKey });
    },
  });
}
