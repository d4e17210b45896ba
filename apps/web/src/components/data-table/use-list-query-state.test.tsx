import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { useListQueryState } from './use-list-query-state';

function FilteredList() {
  const { filters, page, update } = useListQueryState(['product', 'status'] as const);
  const location = useLocation();
  return (
    <>
      <output aria-label="query">{location.search}</output>
      <output aria-label="filters">{`${filters.product}|${filters.status}|${page}`}</output>
      <button type="button" onClick={() => { update({ product: 'factoring' }); update({ status: 'defaulted' }); }}>
        Two filters at once
      </button>
      <button type="button" onClick={() => update({ page: 3 })}>
        Page three
      </button>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/loans', element: <FilteredList /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useListQueryState', () => {
  it('keeps both filters when the second changes before the first navigation settles', async () => {
    renderAt('/loans?search=acme&page=4');
    await userEvent.click(screen.getByRole('button', { name: 'Two filters at once' }));
    await waitFor(() => expect(screen.getByLabelText('filters')).toHaveTextContent('factoring|defaulted|1'));
    const query = new URLSearchParams(screen.getByLabelText('query').textContent ?? '');
    expect(Object.fromEntries(query)).toEqual({ search: 'acme', product: 'factoring', status: 'defaulted', page: '1' });
  });

  it('builds on the URL as it is after a navigation from outside the list', async () => {
    const router = renderAt('/loans?product=factoring&page=2');
    await router.navigate('/loans?status=late&page=1');
    await waitFor(() => expect(screen.getByLabelText('filters')).toHaveTextContent('|late|1'));
    await userEvent.click(screen.getByRole('button', { name: 'Page three' }));
    await waitFor(() => expect(screen.getByLabelText('filters')).toHaveTextContent('|late|3'));
  });
});
