import { type ReactNode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { DataTable, type DataTableColumn, type DataTableQuery } from './data-table';

type Fruit = { id: string; name: string; colour: string };

const fruits: Fruit[] = [
  { id: 'f1', name: 'Apple', colour: 'red' },
  { id: 'f2', name: 'Banana', colour: 'yellow' },
  { id: 'f3', name: 'Cherry', colour: 'dark red' },
];

const columns: DataTableColumn<Fruit>[] = [
  { key: 'name', header: 'Name', render: (fruit) => fruit.name },
  { key: 'colour', header: 'Colour', render: (fruit) => fruit.colour, align: 'right' },
];

function listQuery(rows: Fruit[], overrides: Partial<DataTableQuery<Fruit>> = {}): DataTableQuery<Fruit> {
  return {
    data: { data: rows, meta: { current_page: 1, last_page: 1, per_page: 15, total: rows.length } },
    isPending: false,
    error: null,
    refetch: vi.fn(),
    ...overrides,
  };
}

function renderAt(element: ReactNode, path = '/fruits') {
  const router = createMemoryRouter([{ path: '/fruits', element }], { initialEntries: [path] });
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

function SelectableFruits({ onSelected }: { onSelected: (ids: string[]) => void }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  return (
    <DataTable
      query={listQuery(fruits)}
      columns={columns}
      getRowId={(fruit) => fruit.id}
      selection={{
        selected,
        onChange: (next) => {
          setSelected(next);
          onSelected([...next]);
        },
      }}
    />
  );
}

describe('DataTable', () => {
  it('renders the column headers, one row per item and a hidden-labelled actions column', () => {
    renderAt(
      <DataTable
        query={listQuery(fruits)}
        columns={columns}
        getRowId={(fruit) => fruit.id}
        actions={(fruit) => <button type="button">Eat {fruit.name}</button>}
      />,
    );
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Colour', 'Actions']);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[1] ?? document.body).getByRole('cell', { name: 'Banana' })).toBeInTheDocument();
    expect(within(rows[1] ?? document.body).getByRole('button', { name: 'Eat Banana' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows the empty text when there are no rows', () => {
    renderAt(<DataTable query={listQuery([])} columns={columns} getRowId={(fruit) => fruit.id} emptyText="No fruit yet." />);
    expect(screen.getByText('No fruit yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the loading state while the query is pending', () => {
    renderAt(<DataTable query={listQuery([], { data: undefined, isPending: true })} columns={columns} getRowId={(fruit) => fruit.id} />);
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
  });

  it('shows the error with a retry that refetches', async () => {
    const refetch = vi.fn();
    renderAt(
      <DataTable
        query={listQuery([], { data: undefined, error: new Error('Server down'), refetch })}
        columns={columns}
        getRowId={(fruit) => fruit.id}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Server down');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('moves between pages through the URL, keeping the other query values', async () => {
    const query = listQuery(fruits, { data: { data: fruits, meta: { current_page: 1, last_page: 3, per_page: 3, total: 9 } } });
    const router = renderAt(<DataTable query={query} columns={columns} getRowId={(fruit) => fruit.id} />, '/fruits?tab=ripe&page=1');
    await userEvent.setup().click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2'));
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('ripe');
    expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page');
    // The arrows show only an icon: they are named, and the next one moves on too.
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('3'));
  });

  it('selects every row on the page with select all and shows a partial selection as indeterminate', async () => {
    const onSelected = vi.fn<(ids: string[]) => void>();
    renderAt(<SelectableFruits onSelected={onSelected} />);
    const user = userEvent.setup();
    const selectAll = screen.getByRole('checkbox', { name: 'Select all' });
    const rowBoxes = screen.getAllByRole('checkbox', { name: 'Select row' });
    expect(rowBoxes).toHaveLength(3);

    await user.click(selectAll);
    expect(onSelected).toHaveBeenLastCalledWith(['f1', 'f2', 'f3']);
    for (const box of screen.getAllByRole('checkbox', { name: 'Select row' })) expect(box).toBeChecked();
    expect(selectAll).toBeChecked();

    await user.click(rowBoxes[1] ?? selectAll);
    expect(onSelected).toHaveBeenLastCalledWith(['f1', 'f3']);
    expect(selectAll).not.toBeChecked();
    expect(selectAll).toHaveAttribute('data-indeterminate', 'true');
    expect((selectAll as HTMLInputElement).indeterminate).toBe(true);

    await user.click(selectAll);
    expect(onSelected).toHaveBeenLastCalledWith(['f1', 'f3', 'f2']);
    await user.click(selectAll);
    expect(onSelected).toHaveBeenLastCalledWith([]);
    expect(selectAll).not.toHaveAttribute('data-indeterminate');
  });
});
