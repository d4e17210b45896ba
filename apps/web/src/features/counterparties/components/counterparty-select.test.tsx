import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ReactNode, useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CounterpartyKind } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeCounterparty } from '../../../test/fixtures';
import { CounterpartySelect } from './counterparty-select';

afterEach(() => vi.restoreAllMocks());

const rows = [
  makeCounterparty({ id: 'c1', name: 'Globex Corporation', display_name: 'Globex' }),
  makeCounterparty({ id: 'c2', name: 'Initech', display_name: null }),
];

function listOf(path: string) {
  return route('GET', path, (request) => {
    const search = (request.search.get('search') ?? '').toLowerCase();
    const data = rows.filter((row) => row.name.toLowerCase().includes(search));
    return jsonResponse(200, { data, meta: { current_page: 1, last_page: 1, per_page: 15, total: data.length } });
  });
}

function Picker({ kind, onChange }: { kind: CounterpartyKind; onChange: (value: string | null, label: string | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <CounterpartySelect
      kind={kind}
      value={value}
      onChange={(next, option) => {
        setValue(next);
        onChange(next, option?.label ?? null);
      }}
    />
  );
}

function wrap(ui: ReactNode) {
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

describe('CounterpartySelect', () => {
  it('searches active customers on the server as the user types and reports the choice', async () => {
    const { requests } = mockFetch(listOf('/api/v1/customers'));
    const onChange = vi.fn();
    wrap(<Picker kind="customer" onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Customer' });
    expect(requests).toHaveLength(0);

    const user = userEvent.setup();
    await user.click(input);
    expect(await screen.findByRole('option', { name: 'Globex' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Initech' })).toBeInTheDocument();
    const first = requests.find((r) => r.path === '/api/v1/customers');
    expect(first?.search.get('status')).toBe('active');
    expect(first?.search.get('limit')).toBe('15');
    expect(first?.search.has('search')).toBe(false);

    await user.type(input, 'initech');
    await waitFor(() => expect(requests.some((r) => r.search.get('search') === 'initech')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Globex' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('option', { name: 'Initech' }));
    expect(onChange).toHaveBeenLastCalledWith('c2', 'Initech');
    expect(input).toHaveValue('Initech');
  });

  it('lists vendors for the vendor kind', async () => {
    const { requests } = mockFetch(listOf('/api/v1/vendors'));
    wrap(<Picker kind="vendor" onChange={vi.fn()} />);
    await userEvent.setup().click(screen.getByRole('combobox', { name: 'Vendor' }));
    expect(await screen.findByRole('option', { name: 'Globex' })).toBeInTheDocument();
    expect(requests.every((r) => r.path === '/api/v1/vendors')).toBe(true);
  });
});
