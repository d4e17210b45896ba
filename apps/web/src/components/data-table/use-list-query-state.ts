import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router';

/** The URL query key every list keeps its page under. */
export const PAGE_PARAM = 'page';

/** A page number read from the URL; anything but a positive integer is page 1. */
export function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export type ListQueryUpdate<F extends string> = { page?: number; search?: string } & Partial<Record<F, string>>;

interface ListQueryOptions<F extends string> {
  /** Keys dropped whenever the search or another filter changes (a highlighted row, say), kept across pages. */
  transient?: readonly F[];
}

/**
 * A list's page, search and filters kept in the URL query (spec: tables keep their state in the
 * URL). Changing a filter or the search goes back to page 1; the typed search settles for 300 ms.
 */
export function useListQueryState<F extends string>(filterKeys: readonly F[], { transient = [] }: ListQueryOptions<F> = {}) {
  const [params, setParams] = useSearchParams();
  const page = readPage(params.get(PAGE_PARAM));
  const search = params.get('search') ?? '';
  const filters = Object.fromEntries(filterKeys.map((key) => [key, params.get(key) ?? ''])) as Record<F, string>;
  const [typed, setTyped] = useState(search);
  const [debounced] = useDebouncedValue(typed, 300);

  // The router's functional update hands over the query of the last render, not of the last write:
  // a second filter changed before the first navigation settles would drop the first. Writes build
  // on the newest query written, until the URL itself moves on (back, a link).
  const written = useRef(params);
  const paramsKey = params.toString();
  useEffect(() => {
    written.current = new URLSearchParams(paramsKey);
  }, [paramsKey]);

  const write = (next: Record<string, string | number | undefined>) => {
    const query = new URLSearchParams(written.current);
    const changes = Object.entries(next).filter(([key, value]) => key !== PAGE_PARAM && value !== undefined);
    for (const [key, value] of changes) {
      if (value === '') query.delete(key);
      else query.set(key, String(value));
    }
    if (changes.length > 0) for (const key of transient) if (!(key in next)) query.delete(key);
    query.set(PAGE_PARAM, String(next[PAGE_PARAM] ?? 1));
    written.current = query;
    setParams(query, { replace: true });
  };

  const update = (next: ListQueryUpdate<F>) => write(next);

  // Runs when the typed search settles, against the URL as it is then: a search changed in the URL
  // meanwhile (back, a link) is not overwritten by an older settled value.
  const settleSearch = useEffectEvent((settled: string) => {
    if (settled !== search) write({ search: settled });
  });
  useEffect(() => settleSearch(debounced), [debounced]);

  useEffect(() => setTyped(search), [search]);

  return { page, search, filters, typed, setTyped, update };
}
