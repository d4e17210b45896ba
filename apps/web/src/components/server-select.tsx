import { useRef, useState } from 'react';
import { Loader, MultiSelect, Select, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

export type ServerOption = { value: string; label: string };

/** One page (the first 15 or so) of options matching `search`; '' is the unfiltered first page. */
export type ServerOptionsQuery = (search: string, signal: AbortSignal) => Promise<readonly ServerOption[]>;

interface CommonProps {
  label: string;
  /** Identifies the list in the query cache (e.g. ['item-units']); the search term is appended. */
  queryKey: readonly unknown[];
  fetchOptions: ServerOptionsQuery;
  placeholder?: string;
  description?: string;
  error?: string;
  disabled?: boolean;
  required?: boolean;
}

const SEARCH_DEBOUNCE_MS = 300;
// The server has filtered already; the dropdown must not filter its answer again.
const serverFiltered: OptionsFilter<string> = ({ options }) => options;

/** Options fetched only while the dropdown is open, searched on the server as the user types. */
function useServerOptions(queryKey: readonly unknown[], fetchOptions: ServerOptionsQuery, search: string, enabled: boolean) {
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  return useQuery({
    queryKey: [...queryKey, 'options', debounced],
    queryFn: ({ signal }) => fetchOptions(debounced, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Every option seen so far, so a chosen value keeps its label whatever the current search. */
function useKnownOptions(seed: readonly ServerOption[], found: readonly ServerOption[] | undefined) {
  const known = useRef(new Map<string, ServerOption>());
  for (const option of [...seed, ...(found ?? [])]) known.current.set(option.value, option);
  return known.current;
}

function dataOf(found: readonly ServerOption[] | undefined, chosen: readonly (ServerOption | undefined)[]): ServerOption[] {
  const data = new Map<string, ServerOption>();
  for (const option of [...(found ?? []), ...chosen]) if (option) data.set(option.value, option);
  return [...data.values()];
}

interface ServerSelectProps extends CommonProps {
  value: string | null;
  onChange: (value: string | null, option: ServerOption | null) => void;
  /** The chosen option's label when the form opens (e.g. the item's unit). */
  selected?: ServerOption | null;
  clearable?: boolean;
}

/** A single-choice picker over a server list: nothing is loaded until it opens. */
export function ServerSelect({ queryKey, fetchOptions, value, onChange, selected, clearable = true, ...props }: ServerSelectProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const known = useKnownOptions(selected ? [selected] : [], undefined);
  const current = value ? known.get(value) : undefined;
  // Once a value is chosen the input shows its label; that is not a search.
  const term = current && search === current.label ? '' : search;
  const options = useServerOptions(queryKey, fetchOptions, term, opened);
  for (const option of options.data ?? []) known.set(option.value, option);

  return (
    <Select
      {...props}
      data={dataOf(options.data, [current])}
      value={value}
      onChange={(next) => onChange(next, next ? (known.get(next) ?? null) : null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      clearable={clearable}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      nothingFoundMessage={options.isFetching ? t('common.loading') : t('common.no_results')}
      rightSection={options.isFetching ? <Loader size="xs" /> : undefined}
    />
  );
}

interface ServerMultiSelectProps extends CommonProps {
  value: readonly string[];
  onChange: (values: string[], options: ServerOption[]) => void;
  /** The chosen options' labels when the form opens (e.g. the item's taxes). */
  selected?: readonly ServerOption[];
}

/** A multiple-choice picker over a server list: nothing is loaded until it opens. */
export function ServerMultiSelect({ queryKey, fetchOptions, value, onChange, selected = [], ...props }: ServerMultiSelectProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const options = useServerOptions(queryKey, fetchOptions, search, opened);
  const known = useKnownOptions(selected, options.data);
  const chosen = value.map((id) => known.get(id) ?? { value: id, label: id });

  return (
    <MultiSelect
      {...props}
      data={dataOf(options.data, chosen)}
      value={[...value]}
      onChange={(next) => onChange(next, next.map((id) => known.get(id) ?? { value: id, label: id }))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      nothingFoundMessage={options.isFetching ? t('common.loading') : t('common.no_results')}
      rightSection={options.isFetching ? <Loader size="xs" /> : undefined}
    />
  );
}
