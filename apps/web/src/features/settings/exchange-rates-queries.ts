import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataResponse, exchangeRateListResponseSchema, exchangeRateResourceSchema, successResponseSchema } from '@app/contracts';
import { api } from '../../lib/api-client';

const PATH = '/exchange-rates';
export const exchangeRateKeys = { all: ['exchange-rates'] as const };

/** One rate per currency of the catalogue at most, so the list comes whole (no paging). */
export function useExchangeRates() {
  return useQuery({ queryKey: exchangeRateKeys.all, queryFn: ({ signal }) => api.get(PATH, exchangeRateListResponseSchema, { signal }) });
}

/** Saving or removing a rate changes the dashboard's converted figures too. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: exchangeRateKeys.all });
    await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  };
}

export function useSaveExchangeRate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ currencyId, rate }: { currencyId: number; rate: string }) => api.put(`${PATH}/${currencyId}`, dataResponse(exchangeRateResourceSchema), { rate }),
    onSuccess: invalidate,
  });
}

export function useDeleteExchangeRate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (currencyId: number) => api.delete(`${PATH}/${currencyId}`, successResponseSchema),
    onSuccess: invalidate,
  });
}
