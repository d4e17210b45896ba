import { useState } from 'react';
import { Avatar, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SearchResponse } from '@app/contracts';
import { Icon } from '../../../components/icon';
import { api } from '../../../lib/api-client';
import { companyPaths } from '../../../lib/paths';
import { safeUrl } from '../../../lib/safe-url';
import { counterpartyLinks } from '../../counterparties';

const DEBOUNCE_MS = 250;

/**
 * The company header's search: users, customers and vendors. Arrow keys move through the hits,
 * Enter opens one, or the users page filtered by the text when none is chosen.
 */
export function GlobalSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [value, setValue] = useState('');
  const [term] = useDebouncedValue(value.trim(), DEBOUNCE_MS);
  const results = useQuery({
    queryKey: ['search', term] as const,
    queryFn: ({ signal }) => api.get<SearchResponse>('/search', { query: { search: term }, signal }),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const users = term ? (results.data?.users ?? []) : [];
  const customers = term ? (results.data?.customers ?? []) : [];
  const vendors = term ? (results.data?.vendors ?? []) : [];
  const nothing = users.length + customers.length + vendors.length === 0;

  const finish = (path: string) => {
    combobox.closeDropdown();
    setValue('');
    void navigate(path);
  };

  /** Options are `kind:id`; customers and vendors open their view page. */
  const openHit = (value: string) => {
    const [kind, id = ''] = value.split(':');
    if (kind === 'customer' || kind === 'vendor') finish(counterpartyLinks.view(kind, id));
    else openUser(id);
  };

  const openUser = (id: string) => {
    const user = users.find((u) => u.id === id);
    const query = new URLSearchParams({ tab: 'all', highlight: id });
    if (user?.email) query.set('search', user.email);
    finish(`${companyPaths.users}?${query.toString()}`);
  };

  return (
    <Combobox store={combobox} onOptionSubmit={openHit} width={320} position="bottom-end">
      <Combobox.Target>
        <TextInput
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          leftSection={<Icon name="search" size={16} />}
          rightSection={results.isFetching ? <Loader size="xs" /> : null}
          value={value}
          visibleFrom="sm"
          w={240}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && combobox.getSelectedOptionIndex() < 0 && value.trim()) {
              event.preventDefault();
              finish(`${companyPaths.users}?${new URLSearchParams({ tab: 'all', search: value.trim() }).toString()}`);
            }
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!value.trim()}>
        <Combobox.Options aria-label={t('search.results')}>
          {users.length > 0 && (
            <Combobox.Group label={t('search.users')}>
              {users.map((user) => (
                <Combobox.Option value={`user:${user.id}`} key={user.id}>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={safeUrl(user.avatar)} name={user.name} size="sm" radius="xl" alt="" />
                    <div>
                      <Text size="sm">{user.name}</Text>
                      <Text size="xs" c="dimmed">
                        {user.email}
                      </Text>
                    </div>
                  </Group>
                </Combobox.Option>
              ))}
            </Combobox.Group>
          )}
          {(['customer', 'vendor'] as const).map((kind) => {
            const hits = kind === 'customer' ? customers : vendors;
            return (
              hits.length > 0 && (
                <Combobox.Group label={t(`search.${kind}s`)} key={kind}>
                  {hits.map((hit) => (
                    <Combobox.Option value={`${kind}:${hit.id}`} key={hit.id}>
                      <Text size="sm">{hit.name}</Text>
                      {hit.email && (
                        <Text size="xs" c="dimmed">
                          {hit.email}
                        </Text>
                      )}
                    </Combobox.Option>
                  ))}
                </Combobox.Group>
              )
            );
          })}
          {nothing && <Combobox.Empty>{term && !results.isFetching ? t('search.nothing') : t('search.typing')}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
