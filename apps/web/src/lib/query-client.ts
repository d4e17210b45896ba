import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiError(error) && (error.silent || (error.status >= 400 && error.status < 500))) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}
