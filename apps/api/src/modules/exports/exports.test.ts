import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ExportRunResource, type ExportTemplateResource, type ExportType, builtInExportColumns, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { createCustomer, createInvoice } from '../../../test/documents';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { fixedClock } from '../../platform/clock';
import { csvRows } from '../../platform/spreadsheet/csv-rows';
import { xlsxRows } from '../../platform/spreadsheet/xlsx-rows';
import type { ExportSource } from './export-sources';
import { createExportFileSweepJob, createExportService } from './exports.service';

const clock = fixedClock(new Date());
let h: Harness;
let owner: TestClient;
let other: TestClient;
let foreign: TestClient;

beforeAll(async () => {
  h = await createHarness({ clock });
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Exports Inc');
  other = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Other Exports');
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Exports', OTHER_HOST);
});
afterAll(async () => {
  await h.close();
});

const runOf = (body: Record<string, unknown>) => body.data as ExportRunResource;
const templateOf = (body: Record<string, unknown>) => body.data as ExportTemplateResource;

/** Starts an export, waits for its job and returns the finished run. */
async function exported(client: TestClient, body: Record<string, unknown>): Promise<ExportRunResource> {
  const started = await client.post('/api/v1/business/exports', body);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  await h.jobs.drain();
  return runOf((await client.get(`/api/v1/business/exports/${runOf(started.body).id}`)).body);
}

/** The downloaded file (raw bytes: the test client reads JSON). */
async function download(client: TestClient, run: ExportRunResource) {
  const response = await h.server.inject({
    method: 'GET',
    url: `/api/v1/business/exports/${run.id}/download`,
    headers: { host: client.host, cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), business: client.business ?? '' },
  });
  return { status: response.statusCode, content: response.rawPayload, headers: response.headers, body: response.body };
}

async function rowsOf(format: 'csv' | 'xlsx', content: Buffer): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const row of format === 'csv' ? csvRows(content) : xlsxRows(content)) rows.push([...row.cells]);
  return rows;
}

describe('export templates', () => {
  it('creates, edits, lists and deletes a template; one default per type', async () => {
    const invalid = await owner.post('/api/v1/business/export-templates', { name: 'Bad', export_type: 'invoices', fields: [{ field: 'nope', column_name: 'X' }, { field: 'total', column_name: 'T' }, { field: 'total', column_name: 'T2' }] });
    expect(errorsOf(invalid)).toMatchObject({ 'fields.0.field': [messages.invalidExportField], 'fields.2.field': [messages.duplicateExportField] });
    expect(errorsOf(await owner.post('/api/v1/business/export-templates', { name: '', export_type: 'bananas', fields: [] }))).toMatchObject({ name: [messages.required], export_type: [messages.invalidExportType], fields: [messages.required] });

    const first = await owner.post('/api/v1/business/export-templates', { name: 'Accountant', export_type: 'invoices', fields: [{ field: 'total', column_name: 'Amount' }], is_default: true });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = templateOf((await owner.post('/api/v1/business/export-templates', { name: 'Short', export_type: 'invoices', fields: [{ field: 'invoice_number', column_name: 'No.' }], is_default: true })).body);
    expect(second.is_default).toBe(true);
    expect(templateOf((await owner.get(`/api/v1/business/export-templates/${templateOf(first.body).id}`)).body).is_default).toBe(false);

    const madeDefault = await owner.post(`/api/v1/business/export-templates/${templateOf(first.body).id}/default`);
    expect(templateOf(madeDefault.body).is_default).toBe(true);
    const listed = (await owner.get('/api/v1/business/export-templates?export_type=invoices')).body.data as ExportTemplateResource[];
    expect(listed.map((t) => [t.name, t.is_default])).toEqual([
      ['Accountant', true],
      ['Short', false],
    ]);

    const edited = await owner.put(`/api/v1/business/export-templates/${second.id}`, { name: 'Shorter', export_type: 'invoices', fields: [{ field: 'customer', column_name: 'Who' }, { field: 'invoice_number', column_name: 'No.' }] });
    expect(templateOf(edited.body).fields).toEqual([
      { field: 'customer', column_name: 'Who' },
      { field: 'invoice_number', column_name: 'No.' },
    ]);
    expect((await owner.delete(`/api/v1/business/export-templates/${second.id}`)).status).toBe(200);
    expect((await owner.get(`/api/v1/business/export-templates/${second.id}`)).status).toBe(404);
    expect((await owner.delete(`/api/v1/business/export-templates/${templateOf(first.body).id}`)).status).toBe(200);
  });

  it('keeps templates to their business and tenant, and to the template abilities', async () => {
    const own = templateOf((await owner.post('/api/v1/business/export-templates', { name: 'Mine', export_type: 'customers', fields: [{ field: 'name', column_name: 'Name' }] })).body);
    for (const stranger of [other, foreign]) {
      expect((await stranger.get(`/api/v1/business/export-templates/${own.id}`)).status).toBe(404);
      expect((await stranger.put(`/api/v1/business/export-templates/${own.id}`, { name: 'Taken', export_type: 'customers', fields: [{ field: 'name', column_name: 'N' }] })).status).toBe(404);
      expect((await stranger.delete(`/api/v1/business/export-templates/${own.id}`)).status).toBe(404);
      expect((await stranger.get('/api/v1/business/export-templates')).body.data).toEqual([]);
      // Another business's template cannot shape this business's export.
      expect(errorsOf(await stranger.post('/api/v1/business/exports', { export_type: 'customers', format: 'csv', template_id: own.id })).template_id).toEqual([messages.invalidExportTemplate]);
    }
    const accountant = await inviteAndAccept(h, owner, 'accountant@exports.example.com', 'accountant');
    expect((await accountant.get('/api/v1/business/export-templates')).status).toBe(403);
    expect((await accountant.post('/api/v1/business/export-templates', { name: 'No', export_type: 'customers', fields: [{ field: 'name', column_name: 'N' }] })).status).toBe(403);
    await owner.delete(`/api/v1/business/export-templates/${own.id}`);
  });
});

describe('export runs', () => {
  let customer: string;

  beforeAll(async () => {
    customer = (await createCustomer(owner, 'Filter Customer')).id;
    await createInvoice(owner, customer, { invoice_date: '2026-03-05' });
    await createInvoice(owner, customer, { invoice_date: '2026-03-20' });
    await createInvoice(owner, customer, { invoice_date: '2026-04-02' });
    await createInvoice(owner, customer, { invoice_date: '2026-05-01' });
  });

  it('exports exactly the rows the filtered list shows, with the built-in columns, money in major units and a currency', async () => {
    const filters = { from_date: '2026-03-01', to_date: '2026-04-30', page: '3', limit: '1' };
    const listed = await owner.get('/api/v1/invoices?from_date=2026-03-01&to_date=2026-04-30&limit=100');
    const expected = (listed.body.data as { invoice_number: string }[]).map((invoice) => invoice.invoice_number);
    expect(expected).toHaveLength(3);
    const run = await exported(owner, { export_type: 'invoices', format: 'csv', filters });
    expect(run).toMatchObject({ status: 'completed', rows_written: 3, total_rows: 3, template_name: 'Default', file_name: expect.stringMatching(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/) });
    expect(run.download_url).toBe(`/api/v1/business/exports/${run.id}/download`);
    const file = await download(owner, run);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    const rows = await rowsOf('csv', file.content);
    expect(rows[0]).toEqual(builtInExportColumns('invoices').map((column) => column.column_name));
    expect(rows.slice(1).map((row) => row[0])).toEqual(expected);
    const header = rows[0] ?? [];
    // 2 × 150.00 + 50.00 on every test invoice, in USD.
    expect(rows[1]?.[header.indexOf('Total')]).toBe('350');
    expect(rows[1]?.[header.indexOf('Currency')]).toBe('USD');
    expect(rows.slice(1).map((row) => row[header.indexOf('Invoice date')])).toEqual(expect.arrayContaining(['2026-03-05', '2026-03-20', '2026-04-02']));
  });

  it('exports the payments the filtered list shows, in its order, as XLSX', async () => {
    for (const [date, amount] of [['2026-03-02', 1000], ['2026-03-09', 2500], ['2026-03-09', 700], ['2026-06-01', 400]] as const) {
      const made = await owner.post('/api/v1/payments', { direction: 'received', customer_id: customer, payment_date: date, amount });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    const listed = await owner.get('/api/v1/payments?from_date=2026-03-01&to_date=2026-03-31&orderByField=amount&orderBy=asc&limit=100');
    const expected = (listed.body.data as { payment_number: string }[]).map((payment) => payment.payment_number);
    expect(expected).toHaveLength(3);
    const run = await exported(owner, { export_type: 'payments', format: 'xlsx', filters: { from_date: '2026-03-01', to_date: '2026-03-31', orderByField: 'amount', orderBy: 'asc' } });
    expect(run).toMatchObject({ status: 'completed', rows_written: 3, total_rows: 3 });
    const rows = await rowsOf('xlsx', (await download(owner, run)).content);
    const header = rows[0] ?? [];
    expect(header).toEqual(builtInExportColumns('payments').map((column) => column.column_name));
    expect(rows.slice(1).map((row) => row[0])).toEqual(expected);
  });

  it('writes the template columns, in its order and under its names, as XLSX', async () => {
    const template = templateOf(
      (
        await owner.post('/api/v1/business/export-templates', {
          name: 'Two columns',
          export_type: 'invoices',
          fields: [
            { field: 'total', column_name: 'Amount due to us' },
            { field: 'invoice_number', column_name: 'Number' },
            { field: 'invoice_date', column_name: 'Dated' },
          ],
        })
      ).body,
    );
    const run = await exported(owner, { export_type: 'invoices', format: 'xlsx', template_id: template.id, filters: { from_date: '2026-05-01' } });
    expect(run).toMatchObject({ status: 'completed', template_name: 'Two columns', rows_written: 1 });
    const file = await download(owner, run);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const rows = await rowsOf('xlsx', file.content);
    expect(rows[0]).toEqual(['Amount due to us', 'Number', 'Dated']);
    expect(rows[1]?.[0]).toBe('350');
    expect(rows[1]?.[2]).toMatch(/^2026-05-01/);
    await owner.delete(`/api/v1/business/export-templates/${template.id}`);
  });

  it.each(['csv', 'xlsx'] as const)('escapes customer names that would run as formulas (%s)', async (format) => {
    const hostile = ['=HYPERLINK("http://evil.example","click")', '+1 Trading', '-1 Holdings', '@x Partners'];
    for (const name of hostile) await createCustomer(owner, name);
    const run = await exported(owner, { export_type: 'customers', format, filters: { orderByField: 'name', orderBy: 'asc' } });
    const rows = await rowsOf(format, (await download(owner, run)).content);
    const names = rows.slice(1).map((row) => row[0]);
    for (const name of hostile) {
      expect(names).toContain(`'${name}`);
      expect(names).not.toContain(name);
    }
  });

  it('refuses a filter the list refuses, and a list the caller cannot read', async () => {
    const refused = await owner.post('/api/v1/business/exports', { export_type: 'invoices', format: 'csv', filters: { from_date: 'yesterday' } });
    expect(refused.status).toBe(422);
    expect((await owner.post('/api/v1/business/exports', { export_type: 'invoices', format: 'pdf' })).status).toBe(422);
    const viewer = await inviteAndAccept(h, owner, 'viewer@exports.example.com', 'viewer');
    expect((await viewer.post('/api/v1/business/exports', { export_type: 'invoices', format: 'csv' })).status).toBe(403);
    expect((await viewer.get('/api/v1/business/exports')).status).toBe(403);
  });

  it('keeps runs and their files to their business and tenant', async () => {
    const run = await exported(owner, { export_type: 'invoices', format: 'csv' });
    for (const stranger of [other, foreign]) {
      expect((await stranger.get(`/api/v1/business/exports/${run.id}`)).status).toBe(404);
      expect((await download(stranger, run)).status).toBe(404);
      expect(((await stranger.get('/api/v1/business/exports')).body.data as unknown[]).map((entry) => (entry as { id: string }).id)).not.toContain(run.id);
    }
    const listed = (await owner.get('/api/v1/business/exports')).body.data as ExportRunResource[];
    expect(listed[0]?.id).toBe(run.id);
  });

  it('serves the file for 24 hours, then answers 410 with a clear message', async () => {
    const run = await exported(owner, { export_type: 'invoices', format: 'xlsx' });
    // A day later the session has lapsed too: the owner signs in again.
    clock.advance(23 * 60 * 60 * 1000);
    await owner.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await download(owner, run)).status).toBe(200);
    clock.advance(2 * 60 * 60 * 1000);
    await owner.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const expired = await download(owner, run);
    expect(expired.status).toBe(410);
    expect(JSON.parse(expired.body)).toMatchObject({ message: messages.exportExpired });
    expect(runOf((await owner.get(`/api/v1/business/exports/${run.id}`)).body).download_url).toBeNull();
  });

  it('removes the files of expired links in every tenant with the hourly sweep, and leaves live ones', async () => {
    /** Where a run's file lies, whichever tenant it belongs to. */
    const filesOf = (run: ExportRunResource) => {
      const uploads = path.join(h.app.env.dataDir, 'uploads');
      return fs.readdirSync(uploads).flatMap((tenant) => {
        const folder = path.join(uploads, tenant, 'exports');
        return fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => name.startsWith(run.id)) : [];
      });
    };
    // The earlier cases moved the clock past a session's life: both sign in again.
    await owner.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    await foreign.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD);
    const ours = await exported(owner, { export_type: 'customers', format: 'csv' });
    const theirs = await exported(foreign, { export_type: 'customers', format: 'xlsx' });
    expect(filesOf(ours)).toHaveLength(1);
    expect(filesOf(theirs)).toHaveLength(1);
    clock.advance(23 * 60 * 60 * 1000);
    // Only what expired goes (the earlier cases' runs have): these two still have an hour.
    await createExportFileSweepJob(h.app).run();
    expect(filesOf(ours)).toHaveLength(1);
    expect(filesOf(theirs)).toHaveLength(1);

    clock.advance(2 * 60 * 60 * 1000);
    expect(await createExportFileSweepJob(h.app).run()).toBeGreaterThanOrEqual(2);
    expect(filesOf(ours)).toEqual([]);
    expect(filesOf(theirs)).toEqual([]);
    await owner.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await download(owner, ours)).status).toBe(410);
    expect(await createExportFileSweepJob(h.app).run()).toBe(0);
  });

  it('marks a run failed when its job cannot be queued, never leaving it queued for good', async () => {
    const send = vi.spyOn(h.app.jobs, 'send').mockRejectedValueOnce(new Error('queue unavailable'));
    try {
      const refused = await owner.post('/api/v1/business/exports', { export_type: 'vendors', format: 'csv' });
      expect(refused.status).toBe(500);
    } finally {
      send.mockRestore();
    }
    const latest = ((await owner.get('/api/v1/business/exports')).body.data as ExportRunResource[])[0];
    expect(latest).toMatchObject({ export_type: 'vendors', status: 'failed', failure: messages.exportFailed });
  });

  it('a job that breaks half-way leaves a failed run and no file to serve', async () => {
    const pagesRead: number[] = [];
    const breaking: ExportSource = {
      check: () => undefined,
      async *pages() {
        pagesRead.push(1);
        yield { rows: [{ name: 'First page' }], total: 3 };
        throw new Error('database went away');
      },
    };
    const sources: Record<ExportType, ExportSource> = { customers: breaking, vendors: breaking, items: breaking, invoices: breaking, estimates: breaking, payments: breaking, recurring_invoices: breaking, loans: breaking };
    const service = createExportService(h.app, sources);
    const posted = await owner.post('/api/v1/business/exports', { export_type: 'customers', format: 'xlsx' });
    expect(posted.status, JSON.stringify(posted.body)).toBe(202);
    const started = runOf(posted.body);
    await h.jobs.drain();
    const business = owner.business ?? '';
    // The same run again, as if its job were retried after the first attempt broke.
    await h.app.database.executor.executeSql(`update export_runs set status = 'running', storage_key = null, expires_at = null where id = $1`, [started.id]);
    await expect(service.execute({ tenantId: h.landlordId, businessId: business, runId: started.id })).rejects.toThrow('database went away');
    expect(pagesRead).toEqual([1]);
    const failed = runOf((await owner.get(`/api/v1/business/exports/${started.id}`)).body);
    expect(failed).toMatchObject({ status: 'failed', failure: messages.exportFailed, download_url: null, rows_written: 1 });
    const file = await download(owner, failed);
    expect(file.status).toBe(409);
    expect(fs.readdirSync(path.join(h.app.env.dataDir, 'uploads', h.landlordId, 'exports')).filter((name) => name.startsWith(started.id) && !name.endsWith('.xlsx'))).toEqual([]);
  });
});
