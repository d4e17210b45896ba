import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataResponse, paymentReminderListResponseSchema, type PaymentReminderPayload, paymentReminderResourceSchema, successResponseSchema } from '@app/contracts';
import { api } from '../../lib/api-client';

const paymentReminderAnswer = dataResponse(paymentReminderResourceSchema);

const PATH = '/payment-reminders';
export const PAYMENT_REMINDERS_PAGE_SIZE = 15;

export const paymentReminderKeys = {
  all: ['payment-reminders'] as const,
  list: (page: number) => ['payment-reminders', 'list', page] as const,
};

export function usePaymentReminders(page: number) {
  return useQuery({
    queryKey: paymentReminderKeys.list(page),
    queryFn: ({ signal }) => api.get(PATH, paymentReminderListResponseSchema, { query: { page, limit: PAYMENT_REMINDERS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSavePaymentReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PaymentReminderPayload }) =>
      id ? api.put(`${PATH}/${encodeURIComponent(id)}`, paymentReminderAnswer, body) : api.post(PATH, paymentReminderAnswer, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentReminderKeys.all }),
  });
}

export function useDeletePaymentReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`${PATH}/${encodeURIComponent(id)}`, successResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentReminderKeys.all }),
  });
}
