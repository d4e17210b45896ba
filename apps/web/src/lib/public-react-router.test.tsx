import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes } from 'react-router';
import { publicPages } from '../app/public-routes';
import { BrowserRouter, Link, Route, Routes, matchPublicPath, useLocation, useParams } from './public-react-router';

/**
 * The public entry's router (./public-react-router) must match the public pages' paths as React
 * Router does, give the same params, and move between them as a React Router link does.
 */
afterEach(() => window.history.replaceState(null, '', '/'));

const paths = [
  '/public/invoices/view/tok-1',
  '/public/invoices/view/tok-1/',
  '/Public/Invoices/VIEW/Tok-1',
  '/public/invoices/view/a%20b%2Fc',
  '/public/invoices/view/%E0%A4%A',
  '/public/invoices/view',
  '/public/invoices/view/tok-1/extra',
  '/public/estimates/view/est-9',
  '/public/payments/view/pay-3',
  '/public/onboarding/on-1',
  '/public/payment-method-links/view/link-1',
  '/public/payment-method-links/link-1/payment-method',
  '/public/payment-method-links/link-1/payment-method/',
  '/public//invoices/view/tok-1',
  '/acme/customer/invoices/payment/inv-1',
  '/',
];

describe('the public entry’s router', () => {
  it('matches every public page’s path as React Router does, with the same params', () => {
    for (const { path } of publicPages) {
      for (const pathname of paths) {
        // matchRoutes, as <Routes> matches: the path decoded first, then matched.
        const theirs = matchRoutes([{ path }], pathname)?.[0];
        expect(matchPublicPath(path, pathname), `${path} on ${pathname}`).toEqual(theirs ? { ...theirs.params } : null);
      }
    }
  });

  function Page({ name }: { name: string }) {
    const { token } = useParams();
    const { pathname, search } = useLocation();
    return (
      <main>
        <h1>{`${name} ${token ?? ''}`}</h1>
        <p>{`${pathname}${search}`}</p>
        <Link to="/public/payment-method-links/link-7/payment-method?from=view">Save a method</Link>
      </main>
    );
  }

  function renderAt(url: string) {
    window.history.replaceState(null, '', url);
    render(
      <BrowserRouter>
        <Routes>
          <Route path="public/payment-method-links/view/:token" element={<Page name="View" />} />
          <Route path="public/payment-method-links/:token/payment-method" element={<Page name="Form" />} />
          <Route path="*" element={<Page name="Elsewhere" />} />
        </Routes>
      </BrowserRouter>,
    );
  }

  it('renders the matching route with its params, moves on a link click and back with the browser', async () => {
    renderAt('/public/payment-method-links/view/link-7');
    expect(screen.getByRole('heading', { name: 'View link-7' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Save a method' }));
    expect(await screen.findByRole('heading', { name: 'Form link-7' })).toBeInTheDocument();
    expect(screen.getByText('/public/payment-method-links/link-7/payment-method?from=view')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/public/payment-method-links/link-7/payment-method');

    window.history.back();
    expect(await screen.findByRole('heading', { name: 'View link-7' })).toBeInTheDocument();
  });

  it('renders the catch-all for a path no route matches, and leaves a click with a modifier to the browser', async () => {
    renderAt('/acme/customer/invoices/payment/inv-1');
    expect(screen.getByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Save a method' });
    expect(link).toHaveAttribute('href', '/public/payment-method-links/link-7/payment-method?from=view');
    const user = userEvent.setup();
    await user.keyboard('{Control>}');
    await user.click(link);
    await user.keyboard('{/Control}');
    expect(window.location.pathname).toBe('/acme/customer/invoices/payment/inv-1');
  });
});
