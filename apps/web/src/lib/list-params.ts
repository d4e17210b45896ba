import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router';

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * A list's page, search and filters kept in the URL query (spec: tables keep their state in the
 * URL). Changing a filter or the search goes back to page 1; the typed search settles for 300 ms.
 */
export function useListParams<F extends string>(filterKeys: readonly F[]) {
  const [params, setParams] = useSearchParams();
  const page = readPage(params.get('page'));
  const search = params.get('search') ?? '';
  const filters = Object.fromEntries(filterKeys.map((key) => [key, params.get(key) ?? ''])) as Record<F, string>;
  const [typed, setTyped] = useState(search);
  const [debounced] = useDebouncedValue(typed, 300);

  const update = (next: { page?: number; search?: string } & Partial<Record<F, string>>) => {
    setParams(
      (previous) => {
        const query = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(next)) {
          if (key === 'page') continue;
          if (value === undefined) continue;
          if (value === '') query.delete(key);
          else query.set(key, String(value));
        }
        query.set('page', String(next.page ?? 1));
        return query;
      },
      { replace: true },
    );
  };

  useEffect(() => {
    if (debounced !== search) update({ search: debounced } as { search: string } & Partial<Record<F, string>>);
  }, [debounced]);

  useEffect(() => setTyped(search), [search]);

  return { page, search, filters, typed, setTyped, update };
}
