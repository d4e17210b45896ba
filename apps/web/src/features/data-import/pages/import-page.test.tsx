import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { importMappingRequestSchema, messages } from '@app/contracts';
import { jsonResponse, mockFetch, type RecordedRequest, route } from '../../../test/fetch-mock';
import { formOf, importJob, importSession, invalidEmail, noImports, noPresets, preview } from '../../../test/import-fixtures';
import { renderApp } from '../../../test/render';
import { csrf, lazyLoad, tenant } from '../../../test/webhook-fixtures';

afterEach(() => vi.restoreAllMocks());

const JOB = '/api/v1/business/imports/job-1';
const MAPPED = { name: 0, email: 1, phone: 2 };
const refusedFile = 'The file must be a CSV, XLS or XLSX file.';

/** The PUT mapping's body, read through its contract. */
const mappingOf = (request: RecordedRequest) => importMappingRequestSchema.parse(request.body);

/** The server's answer to a PUT of the mapping: the job with what was sent. */
const saveMapping = route('PUT', `${JOB}/mapping`, (request) => {
  const body = mappingOf(request);
  return jsonResponse(200, { data: importJob({ mapping: body.mapping, skip_invalid_rows: body.skip_invalid_rows }) });
});

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

async function uploadCustomers(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(fileInput(), new File(['Company,E-mail,Phone\n'], 'customers.csv', { type: 'text/csv' }));
  await user.click(screen.getByRole('button', { name: 'Upload and continue' }));
}

describe('import wizard', () => {
  it('uploads a customers file after a refusal, fixes the unmapped required field and shows each row error on its cell', async () => {
    let uploads = 0;
    const { requests } = mockFetch(
      tenant,
      csrf,
      noImports,
      noPresets,
      route('POST', '/api/v1/business/imports', () => {
        uploads += 1;
        return uploads === 1 ? jsonResponse(422, { message: refusedFile, errors: { file: [refusedFile] } }) : jsonResponse(201, { data: importJob() });
      }),
      saveMapping,
      route('GET', `${JOB}/preview`, () => jsonResponse(200, preview)),
      route('GET', JOB, () => jsonResponse(200, { data: importJob() })),
    );
    const { router } = renderApp('/import?entity=vendors', importSession());
    const user = userEvent.setup();

    // Step 1: the entity comes from the list page; the server's refusal shows on the file field.
    expect(await screen.findByRole('heading', { name: 'Import data' }, lazyLoad)).toBeInTheDocument();
    expect(await screen.findByText('No imports yet.')).toBeInTheDocument();
    const entity = screen.getByLabelText(/^What to import/);
    expect(entity).toHaveValue('vendors');
    await user.click(screen.getByRole('button', { name: 'Upload and continue' }));
    expect(await screen.findByText(messages.required)).toBeInTheDocument();
    await user.selectOptions(entity, 'Customers');
    expect(router.state.location.search).toContain('entity=customers');
    await uploadCustomers(user);
    expect(await screen.findByText(refusedFile)).toBeInTheDocument();
    await uploadCustomers(user);
    const upload = formOf(requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/business/imports').at(-1)?.body);
    expect(upload.get('entity')).toBe('customers');
    expect(upload.get('file')).toBeInstanceOf(File);

    // Step 2: the proposal left the required name unmapped ("Company" is not a name the server knows).
    const name = await screen.findByLabelText(/^Name/);
    await vi.waitFor(() => expect(router.state.location.search).toContain('job=job-1'));
    expect(name).toHaveValue('');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('1');
    expect(screen.getByTestId('samples-email')).toHaveTextContent('Sample values: billing@globex.example · not-an-email');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(messages.required)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    await user.selectOptions(name, 'Company');
    expect(screen.getByTestId('samples-name')).toHaveTextContent('Globex Corporation · Initech · Umbrella');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    // Step 3: each error on its cell, the counts, and no import of an invalid file unless its invalid rows are skipped.
    const table = await screen.findByRole('table', { name: 'Preview of the rows' });
    expect(requests.filter((r) => r.method === 'PUT').map(mappingOf)).toEqual([{ mapping: MAPPED, skip_invalid_rows: false }]);
    const bad = within(table).getByRole('row', { name: /Initech/ });
    const cell = within(bad).getByText(invalidEmail).closest('td');
    expect(cell).toHaveAttribute('data-field', 'email');
    expect(cell).toHaveAttribute('data-invalid', 'true');
    expect(within(table).getByRole('row', { name: /Globex/ })).not.toHaveAttribute('data-invalid');
    expect(screen.getByTestId('preview-counts')).toHaveTextContent('3 rows in the file, 1 with errors.');
    expect(screen.getByText('1 row has errors')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 3 rows' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Back to mapping' }));
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('0');
  });

  it('imports the valid rows when the invalid ones are skipped, with the polled progress, the counts and the error report', async () => {
    let ran = false;
    let polls = 0;
    const { requests } = mockFetch(
      tenant,
      csrf,
      noImports,
      noPresets,
      saveMapping,
      route('GET', `${JOB}/preview`, () => jsonResponse(200, preview)),
      route('POST', `${JOB}/run`, () => {
        ran = true;
        return jsonResponse(202, { data: importJob({ mapping: MAPPED, skip_invalid_rows: true, status: 'queued' }) });
      }),
      route('GET', JOB, () => {
        if (!ran) return jsonResponse(200, { data: importJob({ mapping: MAPPED }) });
        polls += 1;
        const done = { status: 'completed', processed_rows: 3, created_count: 2, skipped_count: 1, has_error_report: true, can_undo: true } as const;
        return jsonResponse(200, { data: importJob({ mapping: MAPPED, skip_invalid_rows: true, ...(polls === 1 ? { status: 'running', processed_rows: 1 } : done) }) });
      }),
      route('GET', `${JOB}/error-report`, () => new Response('row,field,error\n3,email,bad\n', { status: 200, headers: { 'Content-Type': 'text/csv' } })),
    );
    const saved: Blob[] = [];
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: (blob: Blob) => (saved.push(blob), 'blob:report') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { router } = renderApp('/import?job=job-1', importSession());
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Preview' }, lazyLoad));
    await user.click(await screen.findByRole('checkbox', { name: /Skip invalid rows/ }));
    await user.click(screen.getByRole('button', { name: 'Import 2 rows' }));

    // Step 4: the progress while it runs, then the counts, the error report and undo.
    expect(await screen.findByText('1 of 3 rows processed')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '33');
    expect(await screen.findByText('All 3 rows processed', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').map(mappingOf).at(-1)).toEqual({ mapping: MAPPED, skip_invalid_rows: true });
    expect(screen.getByText('Created').nextElementSibling).toHaveTextContent('2');
    expect(screen.getByText('Skipped').nextElementSibling).toHaveTextContent('1');
    expect(screen.getByRole('button', { name: 'Undo import' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download error report' }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(await saved[0]?.text()).toContain('3,email,bad');

    await user.click(screen.getByRole('button', { name: 'Import another file' }));
    expect(await screen.findByRole('button', { name: 'Upload and continue' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?entity=customers');
    expect(screen.getByLabelText(/^What to import/)).toHaveValue('customers');
  });

  it("goes back to the mapping with the server's field errors when the preview refuses it", async () => {
    const unmapped = 'The name field must be mapped to a column.';
    mockFetch(
      tenant,
      csrf,
      noImports,
      noPresets,
      saveMapping,
      route('GET', JOB, () => jsonResponse(200, { data: importJob({ mapping: { name: 0, email: 1, phone: 2 } }) })),
      route('GET', `${JOB}/preview`, () => jsonResponse(422, { message: unmapped, errors: { 'mapping.name': [unmapped] } })),
    );
    renderApp('/import?job=job-1', importSession());
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/^Name/, {}, lazyLoad);
    expect(name).toHaveValue('0');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(unmapped)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('table', { name: 'Preview of the rows' })).toBeNull();
  });

  it('shows a preview that failed to load with a retry, and a run the server refused', async () => {
    let previews = 0;
    const notReady = 'This import is already running.';
    mockFetch(
      tenant,
      csrf,
      noImports,
      noPresets,
      saveMapping,
      route('GET', JOB, () => jsonResponse(200, { data: importJob({ mapping: { name: 0, email: 1, phone: 2 } }) })),
      route('GET', `${JOB}/preview`, () => {
        previews += 1;
        return previews === 1 ? jsonResponse(404, { message: 'Not Found' }) : jsonResponse(200, { ...preview, invalid_rows: 0, data: preview.data.map((row) => ({ ...row, errors: {} })) });
      }),
      route('POST', `${JOB}/run`, () => jsonResponse(422, { message: notReady })),
    );
    renderApp('/import?job=job-1', importSession());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Preview' }, lazyLoad));
    expect(await screen.findByText('Could not load this content')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await user.click(await screen.findByRole('button', { name: 'Import 3 rows' }));
    expect(await screen.findByText(notReady)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The import could not start');
  });
});
