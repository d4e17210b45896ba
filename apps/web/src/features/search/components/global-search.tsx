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

const DEBOUNCE_MS = 250;

/**
 * The company header's search: users (customers and vendors join with their feature). Arrow keys
 * move through the hits, Enter opens one, or the users page filtered by the text when none is chosen.
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

  const finish = (path: string) => {
    combobox.closeDropdown();
    setValue('');
    void navigate(path);
  };

  const openUser = (id: string) => {
    const user = users.find((u) => u.id === id);
    const query = new URLSearchParams({ tab: 'all', highlight: id });
    if (user?.email) query.set('search', user.email);
    finish(`${companyPaths.users}?${query.toString()}`);
  };

  return (
    <Combobox store={combobox} onOptionSubmit={openUser} width={320} position="bottom-end">
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
                <Combobox.Option value={user.id} key={user.id}>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={user.avatar} name={user.name} size="sm" radius="xl" alt="" />
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
          {users.length === 0 && <Combobox.Empty>{term && !results.isFetching ? t('search.nothing') : t('search.typing')}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
