import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@app/contracts';
import { AppProviders } from '../../../app/providers';
import { ApiError } from '../../../lib/api-error';
import { createQueryClient } from '../../../lib/query-client';
import { SessionProvider } from '../../../lib/session';
import { type RecordedRequest, jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeCounterparty, makeSession } from '../../../test/fixtures';
import { makeInvoice } from '../../../test/document-fixtures';
import { UploadInvoiceModal, rowErrorsOf } from './upload-invoice-modal';

afterEach(() => vi.restoreAllMocks());

const csrf = route('GET', '/api/v1/csrf-cookie', () => {
  document.cookie = 'XSRF-TOKEN=token; path=/';
  return new Response(null, { status: 204 });
});
const customers = route('GET', '/api/v1/customers', () =>
  jsonResponse(200, { data: [makeCounterparty()], meta: { current_page: 1, last_page: 1, per_page: 15, total: 1 } }),
);

function renderModal() {
  const queryClient = createQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const onClose = vi.fn();
  render(
    <AppProviders queryClient={queryClient} env="test">
      <SessionProvider session={makeSession()}>
        <UploadInvoiceModal opened onClose={onClose} />
      </SessionProvider>
    </AppProviders>,
  );
  return { onClose, invalidate };
}

function fileInput(dialog: HTMLElement): HTMLInputElement {
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input in the dialog');
  return input;
}

const formOf = (request: RecordedRequest | undefined) => request?.body as FormData;

describe('UploadInvoiceModal', () => {
  it('uploads one invoice for a new draft customer, then refreshes the invoices and closes', async () => {
    const { requests } = mockFetch(csrf, customers, route('POST', '/api/v1/upload-invoice', () => jsonResponse(201, { data: [makeInvoice({ id: 'i1' })] })));
    const { onClose, invalidate } = renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Upload invoices' });

    await user.click(within(dialog).getByRole('radio', { name: 'New customer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload invoice' }));
    expect(await within(dialog).findByText(messages.draftCustomerNameInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(messages.draftCustomerEmailRequired)).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/v1/upload-invoice')).toBe(false);

    await user.type(within(dialog).getByLabelText(/^Customer name/), 'Initech');
    await user.type(within(dialog).getByLabelText(/^Customer email/), 'billing@initech.example');
    await user.type(within(dialog).getByLabelText(/^Total/), '1250.00');
    await user.upload(fileInput(dialog), new File(['%PDF-1.4'], 'initech.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload invoice' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = formOf(requests.find((r) => r.path === '/api/v1/upload-invoice'));
    expect(sent.get('customer_name')).toBe('Initech');
    expect(sent.get('customer_email')).toBe('billing@initech.example');
    expect(sent.get('total')).toBe('1250.00');
    expect(sent.has('customer_id')).toBe(false);
    expect((sent.get('file') as File).name).toBe('initech.pdf');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['invoices'] });
  });

  it('shows the server field errors of a single invoice next to the fields', async () => {
    mockFetch(
      csrf,
      customers,
      route('POST', '/api/v1/upload-invoice', () => jsonResponse(422, { message: messages.invoiceNumberTaken, errors: { invoice_number: [messages.invoiceNumberTaken] } })),
    );
    const { onClose } = renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Upload invoices' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Customer/ }));
    await user.click(await screen.findByRole('option', { name: 'Globex Corporation' }));
    await user.type(within(dialog).getByLabelText(/^Invoice number/), 'INV-1');
    await user.type(within(dialog).getByLabelText(/^Total/), '10');
    await user.upload(fileInput(dialog), new File(['png'], 'scan.png', { type: 'image/png' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload invoice' }));
    expect(await within(dialog).findByText(messages.invoiceNumberTaken)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('uploads a spreadsheet, listing the rows the server refused', async () => {
    let attempt = 0;
    mockFetch(
      csrf,
      route('POST', '/api/v1/upload-invoice', () => {
        attempt += 1;
        if (attempt === 1) {
          return jsonResponse(422, {
            message: messages.draftCustomerNameInvalid,
            errors: { 'rows.4.total': [messages.invalidTotal], 'rows.3.customer_name': [messages.draftCustomerNameInvalid], 'rows.4.customer_email': [messages.draftCustomerEmailRequired] },
          });
        }
        return jsonResponse(201, { data: [makeInvoice({ id: 'i1' }), makeInvoice({ id: 'i2' })] });
      }),
    );
    const { onClose } = renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Upload invoices' });
    await user.click(within(dialog).getByRole('tab', { name: 'Spreadsheet' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload invoices' }));
    expect(await within(dialog).findByText(messages.required)).toBeInTheDocument();

    await user.upload(fileInput(dialog), new File(['customer_name\n'], 'invoices.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload invoices' }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Row 3: Customer name is invalid.',
      'Row 4: Customer email is required.',
      `Row 4: ${messages.invalidTotal}`,
    ]);
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Upload invoices' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('offers a CSV template built in the browser', async () => {
    mockFetch(csrf);
    const blobs: Blob[] = [];
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: (blob: Blob) => (blobs.push(blob), 'blob:template') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Upload invoices' });
    await user.click(within(dialog).getByRole('tab', { name: 'Spreadsheet' }));
    await user.click(within(dialog).getByRole('button', { name: 'Download a CSV template' }));
    expect(click).toHaveBeenCalled();
    const [header] = (await blobs[0]?.text())?.split('\r\n') ?? [];
    expect(header).toBe('customer_name,customer_email,invoice_number,invoice_date,due_date,total');
  });

  it('orders row errors by row, then by column', () => {
    const error = new ApiError(422, 'invalid', { 'rows.10.customer_name': ['a'], 'rows.2.total': ['b'], 'rows.2.customer_email': ['c'], file: ['d'] });
    expect(rowErrorsOf(error)).toEqual([
      { row: 2, message: 'c' },
      { row: 2, message: 'b' },
      { row: 10, message: 'a' },
    ]);
  });
});
