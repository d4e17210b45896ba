import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CounterpartyResource, type ImportJobResource, type ImportPreviewResponse, type ItemResource, formatMessage, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { businesses, importJobs, users } from '../../db/schema';
import { OLE, download, postForm } from '../attachments/test-files';
import { rowXml, sheetXml, xlsxFile } from '../invoice-upload/test-sheets';
import { createImportRunner } from './import-run';
import { importCollaborators } from './test-imports';

let h: Harness;
let owner: TestClient;
let other: TestClient;
let foreign: TestClient;

beforeAll(async () => {
  h = await createHarness();
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Imports Inc');
  other = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Other Imports');
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Imports', OTHER_HOST);
});
afterAll(async () => {
  await h.close();
});

const jobOf = (body: Record<string, unknown>) => body.data as ImportJobResource;

async function upload(client: TestClient, entity: string, fileName: string, content: Buffer | string) {
  return postForm(h, client, '/api/v1/business/imports', [
    { field: 'entity', value: entity },
    { field: 'file', fileName, content: typeof content === 'string' ? Buffer.from(content) : content },
  ]);
}

async function uploaded(client: TestClient, entity: string, fileName: string, content: Buffer | string): Promise<ImportJobResource> {
  const response = await upload(client, entity, fileName, content);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return jobOf(response.body);
}

async function runToEnd(client: TestClient, id: string): Promise<ImportJobResource> {
  const started = await client.post(`/api/v1/business/imports/${id}/run`, {});
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  await h.jobs.drain();
  return jobOf((await client.get(`/api/v1/business/imports/${id}`)).body);
}

async function preview(client: TestClient, id: string): Promise<ImportPreviewResponse> {
  const response = await client.get(`/api/v1/business/imports/${id}/preview`);
  expect(response.status).toBe(200);
  return response.body as unknown as ImportPreviewResponse;
}

async function customerEmails(client: TestClient): Promise<string[]> {
  const list = (await client.get('/api/v1/customers?limit=100')).body.data as CounterpartyResource[];
  return list.map((customer) => customer.email ?? '').sort();
}

describe('customers', () => {
  it('detects the columns, proposes a mapping by header and by content, and previews the rows with their errors', async () => {
    const file = 'Client name,E-mail,Street,Town,Country,Reach us\nAcme Ltd,AP@acme.example,1 Main St,Leeds,GB,0113 496 0000\nBad Mail,not-an-email,,York,,\nAcme Two,ap@acme.example,,,,\n';
    const job = await uploaded(owner, 'customers', 'clients.csv', file);
    expect(job).toMatchObject({ entity: 'customers', file_name: 'clients.csv', status: 'mapping', total_rows: 3, processed_rows: 0, can_undo: false });
    expect(job.columns[0]).toEqual({ index: 0, header: 'Client name', samples: ['Acme Ltd', 'Bad Mail', 'Acme Two'] });
    expect(job.mapping).toMatchObject({ name: 0, email: 1, billing_street: 2, billing_city: 3, billing_country: 4, phone: null });
    expect(job.fields.find((field) => field.name === 'name')).toMatchObject({ label: 'Name', required: true });

    const byContent = await uploaded(owner, 'customers', 'contacts.csv', 'Organisation,Contact\nGlobex,info@globex.example\n');
    expect(byContent.mapping).toMatchObject({ name: null, email: 1 });

    const shown = await preview(owner, job.id);
    expect(shown.data[0]?.errors).toEqual({});
    expect(shown).toMatchObject({ total_rows: 3, invalid_rows: 2 });
    expect(shown.data[0]).toEqual({ row_number: 2, values: expect.objectContaining({ name: 'Acme Ltd', email: 'ap@acme.example', billing_city: 'Leeds' }), errors: {} });
    expect(shown.data[1]?.errors).toEqual({ email: messages.incorrectEmail, billing_street: messages.incompleteAddress });
    expect(shown.data[2]?.errors).toEqual({ email: messages.importDuplicateInFile });
  });

  it('checks the mapping: known fields, columns of the file, required fields', async () => {
    const job = await uploaded(owner, 'customers', 'c.csv', 'Name,Email\nInitech,hello@initech.example\n');
    const put = (mapping: Record<string, number | null>) => owner.put(`/api/v1/business/imports/${job.id}/mapping`, { mapping });
    expect(errorsOf(await put({ name: 0, colour: 1 }))['mapping.colour']).toEqual([messages.importUnknownField]);
    expect(errorsOf(await put({ name: 7 }))['mapping.name']).toEqual([messages.importColumnMissing]);
    expect(errorsOf(await put({ name: null, email: 1 }))['mapping.name']).toEqual([messages.importFieldUnmapped]);
    const saved = await put({ name: 0, email: null });
    expect(jobOf(saved.body).mapping).toMatchObject({ name: 0, email: null, phone: null });
  });

  it('imports all or nothing: an invalid row fails the run; skipping invalid rows imports the rest with an error report; undo removes them', async () => {
    const file = 'Name,Email\nHooli,team@hooli.example\nX,broken\nPied Piper,richard@piedpiper.example\n';
    const job = await uploaded(owner, 'customers', 'batch.csv', file);
    const failed = await runToEnd(owner, job.id);
    expect(failed).toMatchObject({ status: 'failed', failure: formatMessage(messages.importRowsInvalid, { count: '1' }), created_count: 0 });
    expect(await customerEmails(owner)).not.toContain('team@hooli.example');

    await owner.put(`/api/v1/business/imports/${job.id}/mapping`, { mapping: job.mapping, skip_invalid_rows: true });
    const done = await runToEnd(owner, job.id);
    expect(done).toMatchObject({ status: 'completed', created_count: 2, skipped_count: 1, processed_rows: 3, has_error_report: true, can_undo: true, failure: null });
    expect(await customerEmails(owner)).toEqual(expect.arrayContaining(['richard@piedpiper.example', 'team@hooli.example']));
    const report = await download(h, owner, `/api/v1/business/imports/${job.id}/error-report`);
    expect(report.status).toBe(200);
    // The writer starts CSV files with a BOM, so Excel reads them as UTF-8.
    expect(report.content.toString().replace(/^\uFEFF/, '').split('\n')[0]).toBe('Row,Field,Error');
    expect(report.content.toString()).toContain('3,Email,');

    const undone = await owner.post(`/api/v1/business/imports/${job.id}/undo`, {});
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(jobOf(undone.body)).toMatchObject({ status: 'undone', can_undo: false });
    expect(await customerEmails(owner)).not.toContain('team@hooli.example');
    expect(errorsOf(await owner.post(`/api/v1/business/imports/${job.id}/undo`, {})).status).toEqual([messages.importNotUndoable]);
  });

  it('creates new customers many at once (unique slugs, invited owners), links one whose email the tenant knows to its business, and undo takes back the businesses it made', async () => {
    const known = await other.post('/api/v1/customers', { name: 'Known Linked', email: 'known@linked.example' });
    expect(known.status, JSON.stringify(known.body)).toBe(201);
    const knownBusiness = (known.body.data as CounterpartyResource).customer_business.id;
    const file = 'Name,Email\nSame Name Ltd,one@same.example\nSame Name Ltd,two@same.example\nNo Mail Co,\nKnown Again,known@linked.example\n';
    const job = await uploaded(owner, 'customers', 'bulk.csv', file);
    expect(await runToEnd(owner, job.id)).toMatchObject({ status: 'completed', created_count: 4 });
    const list = (await owner.get('/api/v1/customers?limit=100')).body.data as CounterpartyResource[];
    const named = (name: string) => list.filter((row) => row.name === name);
    expect(named('Known Again')[0]?.customer_business.id).toBe(knownBusiness);
    expect(named('Same Name Ltd').map((row) => row.customer_business.owner_status)).toEqual(['invited', 'invited']);
    expect(named('No Mail Co')[0]?.customer_business.owner_status).toBeNull();
    const slugs = await h.app.db.select({ slug: businesses.slug }).from(businesses).where(eq(businesses.name, 'Same Name Ltd'));
    expect(slugs.map((row) => row.slug).sort()).toEqual(['same-name-ltd', 'same-name-ltd-2']);

    // Undo: the network businesses the import made (and their invited owners) go; the linked one, which another business's customer names, stays.
    expect((await owner.post(`/api/v1/business/imports/${job.id}/undo`, {})).status).toBe(200);
    const madeNames = ['Same Name Ltd', 'No Mail Co'];
    expect(await h.app.db.select({ id: businesses.id }).from(businesses).where(inArray(businesses.name, madeNames))).toEqual([]);
    expect(await h.app.db.select({ id: users.id }).from(users).where(inArray(users.email, ['one@same.example', 'two@same.example']))).toEqual([]);
    expect(await h.app.db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, knownBusiness))).toHaveLength(1);
    expect((await other.get(`/api/v1/customers/${(known.body.data as CounterpartyResource).id}`)).status).toBe(200);
  });

  it('refuses an undo while an invoice uses an imported customer', async () => {
    const job = await uploaded(owner, 'customers', 'used.csv', 'Name,Email\nUmbrella,buy@umbrella.example\n');
    expect((await runToEnd(owner, job.id)).status).toBe('completed');
    const list = (await owner.get('/api/v1/customers?email=buy@umbrella.example')).body.data as CounterpartyResource[];
    const invoice = await owner.post('/api/v1/invoices', { customer_id: list[0]?.id, invoice_date: '2026-11-20', items: [{ name: 'Umbrellas', quantity: '1', price: 5000 }] });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    expect(errorsOf(await owner.post(`/api/v1/business/imports/${job.id}/undo`, {})).status).toEqual([messages.importUndoBlocked]);
    expect(await customerEmails(owner)).toContain('buy@umbrella.example');
  });

  it('rolls the whole file back when the service refuses a row while writing', async () => {
    // The email is free in the file but taken in the business: only the write finds it.
    const job = await uploaded(owner, 'customers', 'taken.csv', 'Name,Email\nFresh Co,fresh@fresh.example\nUmbrella Again,buy@umbrella.example\n');
    const failed = await runToEnd(owner, job.id);
    expect(failed.status).toBe('failed');
    expect(failed.failure).toBe(formatMessage(messages.importRowFailed, { row: '3', reason: messages.emailTaken }));
    expect(await customerEmails(owner)).not.toContain('fresh@fresh.example');
  });

  it('runs again after a restart left it running, and applies it once', async () => {
    const job = await uploaded(owner, 'customers', 'restart.csv', 'Name,Email\nRestart One,one@restart.example\nRestart Two,two@restart.example\n');
    // A process stopped mid-run: the job says running, its transaction rolled back with the process.
    await h.app.db.update(importJobs).set({ status: 'running' }).where(eq(importJobs.id, job.id));
    const runner = createImportRunner(h.app, importCollaborators(h.app));
    await runner.register();
    expect(await runner.resume()).toBe(1);
    await h.jobs.drain();
    // A late retry of the same job finds it finished and writes nothing.
    const [row] = await h.app.db.select({ tenantId: importJobs.tenantId }).from(importJobs).where(eq(importJobs.id, job.id));
    await runner.run(row?.tenantId ?? '', job.id);
    const done = jobOf((await owner.get(`/api/v1/business/imports/${job.id}`)).body);
    expect(done).toMatchObject({ status: 'completed', created_count: 2 });
    expect((await customerEmails(owner)).filter((email) => email.endsWith('@restart.example'))).toEqual(['one@restart.example', 'two@restart.example']);
  });
});

describe('files', () => {
  it('reads a ;-separated CSV with a BOM, CRLF lines and a quoted newline; amounts per the documented rule', async () => {
    const file = '\uFEFFProduct;Description;Unit price\r\nWidget;"Two\r\nlines";1.234,50\r\nGadget;Plain;12.5\r\nGizmo;Odd;1,000\r\nThing;Other;1 234,5\r\n';
    const job = await uploaded(owner, 'items', 'items.csv', file);
    expect(job.columns.map((column) => column.header)).toEqual(['Product', 'Description', 'Unit price']);
    expect(job.mapping).toEqual({ name: 0, description: 1, price: 2 });
    const shown = await preview(owner, job.id);
    expect(shown.data.map((row) => row.values.price)).toEqual(['1234.50', '12.5', '1,000', '1234.5']);
    expect(shown.data[0]?.values.description).toBe('Two\r\nlines');
    expect(shown.data[2]?.errors).toEqual({ price: messages.importAmountAmbiguous });
    await owner.put(`/api/v1/business/imports/${job.id}/mapping`, { mapping: job.mapping, skip_invalid_rows: true });
    expect(await runToEnd(owner, job.id)).toMatchObject({ status: 'completed', created_count: 3, skipped_count: 1 });
    const items = (await owner.get('/api/v1/items?limit=100')).body.data as ItemResource[];
    expect(items.find((item) => item.name === 'Widget')?.price).toBe(123_450);
    expect(items.find((item) => item.name === 'Thing')?.price).toBe(123_450);
  });

  it('reads Excel serial dates from an XLSX file, and imports an invoice of one row by its total', async () => {
    await owner.post('/api/v1/customers', { name: 'Acme Serial', email: 'ap@acme-serial.example' });
    const styles = '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cellXfs><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs></styleSheet>';
    const sheet = sheetXml(`${rowXml(1, ['Invoice number', 'Customer email', 'Date', 'Total'])}<row r="2"><c r="A2" t="inlineStr"><is><t>XL-9</t></is></c><c r="B2" t="inlineStr"><is><t>ap@acme-serial.example</t></is></c><c r="C2" s="1"><v>45809</v></c><c r="D2"><v>99.5</v></c></row>`);
    const job = await uploaded(owner, 'invoices', 'invoices.xlsx', xlsxFile(sheet, { 'xl/styles.xml': styles }));
    expect(job.mapping).toMatchObject({ invoice_number: 0, customer_email: 1, invoice_date: 2, price: 3 });
    const shown = await preview(owner, job.id);
    expect(shown.data[0]).toMatchObject({ values: { invoice_date: '2025-06-01', price: '99.5' }, errors: {} });
    expect(await runToEnd(owner, job.id)).toMatchObject({ status: 'completed', created_count: 1 });
    const invoices = (await owner.get('/api/v1/invoices?invoice_number=XL-9')).body.data as { invoice_number: string; invoice_date: string; total: number; status: string; source: string }[];
    expect(invoices).toEqual([expect.objectContaining({ invoice_number: 'XL-9', invoice_date: '2025-06-01', total: 9950, status: 'open' })]);
  });

  it('refuses an old XLS file, a file of another kind and a file without rows', async () => {
    expect(errorsOf(await upload(owner, 'customers', 'old.xls', OLE)).file).toEqual([messages.importXlsRefused]);
    expect(errorsOf(await upload(owner, 'customers', 'nothing.csv', 'Name,Email\n')).file).toEqual([messages.importNoRows]);
    expect(errorsOf(await upload(owner, 'planets', 'c.csv', 'Name\nX\n')).entity).toEqual([messages.invalidImportEntity]);
  });
});

describe('access', () => {
  it('keeps imports to their business and tenant, and needs import-data', async () => {
    const job = await uploaded(owner, 'customers', 'mine.csv', 'Name,Email\nMine Co,mine@mine.example\n');
    expect((await other.get(`/api/v1/business/imports/${job.id}`)).status).toBe(404);
    expect((await other.post(`/api/v1/business/imports/${job.id}/run`, {})).status).toBe(404);
    expect((await other.get(`/api/v1/business/imports/${job.id}/preview`)).status).toBe(404);
    expect(((await other.get('/api/v1/business/imports')).body.data as ImportJobResource[]).map((row) => row.id)).not.toContain(job.id);
    expect((await foreign.get(`/api/v1/business/imports/${job.id}`)).status).toBe(404);
    expect((await foreign.post(`/api/v1/business/imports/${job.id}/undo`, {})).status).toBe(404);
    const listed = (await owner.get('/api/v1/business/imports')).body.data as ImportJobResource[];
    expect(listed.map((row) => row.id)).toContain(job.id);

    const accountant = await inviteAndAccept(h, owner, 'acct@imports.example.com', 'accountant');
    expect((await accountant.get('/api/v1/business/imports')).status).toBe(403);
    expect((await upload(accountant, 'customers', 'a.csv', 'Name\nA Co\n')).status).toBe(403);
  });

  it('saves mappings and offers them for files with the same headers', async () => {
    const saved = await owner.post('/api/v1/business/import-mappings', { name: 'From the old CRM', entity: 'customers', headers: ['Client name', 'E-mail'], mapping: { name: 'Client name', email: 'E-mail' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const preset = (saved.body.data as { id: string }).id;
    expect(errorsOf(await owner.post('/api/v1/business/import-mappings', { name: 'Bad', entity: 'customers', headers: ['A'], mapping: { colour: 'A' } }))['mapping.colour']).toEqual([messages.importUnknownField]);
    const fits = await uploaded(owner, 'customers', 'crm.csv', 'client_name,e-mail,Extra\nA Co,a@a.example,1\n');
    const misses = await uploaded(owner, 'customers', 'other.csv', 'Company\nB Co\n');
    const offered = async (id: string) => ((await owner.get(`/api/v1/business/import-mappings?import_id=${id}`)).body.data as { id: string }[]).map((row) => row.id);
    expect(await offered(fits.id)).toEqual([preset]);
    expect(await offered(misses.id)).toEqual([]);
    expect(((await other.get('/api/v1/business/import-mappings')).body.data as unknown[]).length).toBe(0);
    expect((await other.delete(`/api/v1/business/import-mappings/${preset}`)).status).toBe(404);
    expect((await foreign.delete(`/api/v1/business/import-mappings/${preset}`)).status).toBe(404);
    expect((await owner.delete(`/api/v1/business/import-mappings/${preset}`)).status).toBe(200);
  });
});
