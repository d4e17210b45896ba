import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ServerOption, ServerMultiSelect, ServerSelect } from './server-select';

const units: ServerOption[] = [
  { value: 'u-1', label: 'box' },
  { value: 'u-2', label: 'hour' },
  { value: 'u-3', label: 'kg' },
];

function fakeServer() {
  return vi.fn(async (search: string) => units.filter((u) => u.label.includes(search)));
}

function wrap(ui: React.ReactNode) {
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

function Single({ fetchOptions, onChange }: { fetchOptions: ReturnType<typeof fakeServer>; onChange: (value: string | null) => void }) {
  const [value, setValue] = useState<string | null>('u-9');
  return (
    <ServerSelect
      label="Unit"
      queryKey={['units']}
      fetchOptions={fetchOptions}
      value={value}
      selected={{ value: 'u-9', label: 'pallet' }}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('ServerSelect', () => {
  it('loads nothing until opened, then searches the server as the user types', async () => {
    const fetchOptions = fakeServer();
    const onChange = vi.fn();
    wrap(<Single fetchOptions={fetchOptions} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Unit' });
    expect(input).toHaveValue('pallet');
    expect(fetchOptions).not.toHaveBeenCalled();

    const user = userEvent.setup();
    await user.click(input);
    await waitFor(() => expect(fetchOptions).toHaveBeenCalledWith('', expect.any(AbortSignal)));
    expect(await screen.findByRole('option', { name: 'hour' })).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'ho');
    await waitFor(() => expect(fetchOptions).toHaveBeenLastCalledWith('ho', expect.any(AbortSignal)));
    await waitFor(() => expect(screen.queryByRole('option', { name: 'box' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('option', { name: 'hour' }));
    expect(onChange).toHaveBeenLastCalledWith('u-2');
    expect(input).toHaveValue('hour');
  });
});

describe('ServerMultiSelect', () => {
  it('keeps the labels of chosen options across searches', async () => {
    const fetchOptions = fakeServer();
    const onChange = vi.fn();
    function Multi() {
      const [value, setValue] = useState<string[]>(['t-1']);
      return (
        <ServerMultiSelect
          label="Taxes"
          queryKey={['taxes']}
          fetchOptions={fetchOptions}
          value={value}
          selected={[{ value: 't-1', label: 'VAT (20%)' }]}
          onChange={(next, options) => {
            setValue(next);
            onChange(next, options);
          }}
        />
      );
    }
    wrap(<Multi />);
    expect(screen.getAllByText('VAT (20%)').length).toBeGreaterThan(0);
    expect(fetchOptions).not.toHaveBeenCalled();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Taxes' }));
    await user.type(screen.getByRole('combobox', { name: 'Taxes' }), 'k');
    await waitFor(() => expect(fetchOptions).toHaveBeenLastCalledWith('k', expect.any(AbortSignal)));
    await user.click(await screen.findByRole('option', { name: 'kg' }));
    expect(onChange).toHaveBeenLastCalledWith(['t-1', 'u-3'], [{ value: 't-1', label: 'VAT (20%)' }, { value: 'u-3', label: 'kg' }]);
    expect(screen.getAllByText('VAT (20%)').length).toBeGreaterThan(0);
  });
});
