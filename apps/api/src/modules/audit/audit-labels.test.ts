import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogResource } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness } from '../../../test/harness';
import { createCustomer, createInvoice } from '../../../test/documents';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { auditLogs } from '../../db/schema';
import { inTenant } from '../../db/tenant-tx';
import { newId } from '../../platform/crypto';

let h: Harness;
let owner: TestClient;
let sibling: TestClient;
let foreign: TestClient;

beforeAll(async () => {
  h = await createHarness();
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Labelled Works');
  sibling = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Sibling Works');
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Works', OTHER_HOST);
});
afterAll(async () => {
  await h.close();
});

const entriesOf = async (client: TestClient, query = '') => (await client.get(`/api/v1/audit-logs?limit=100${query}`)).body.data as AuditLogResource[];

describe('audit log subjects', () => {
  it('names documents by number and customers by name, as written', async () => {
    const customer = await createCustomer(owner, 'Globex Corporation', 'ap@globex.example');
    const invoice = await createInvoice(owner, customer.id);
    expect((await owner.post(`/api/v1/invoices/${invoice.id}/finalize`)).status).toBe(200);
    expect((await owner.post(`/api/v1/invoices/${invoice.id}/links`)).status).toBe(200);

    const entries = await entriesOf(owner);
    const about = (id: string) => entries.filter((entry) => entry.model_id === id);
    expect(about(invoice.id).map((entry) => [entry.action, entry.subject_label])).toEqual([
      ['updated', invoice.invoice_number],
      ['created', invoice.invoice_number],
    ]);
    expect(about(customer.id).map((entry) => entry.subject_label)).toEqual(['Globex Corporation']);
    expect(entries.find((entry) => entry.model === 'public_link')?.subject_label).toBe(invoice.invoice_number);
    expect(about(owner.business ?? '').find((entry) => entry.action === 'created')?.subject_label).toBe('Labelled Works');
  });

  it('names rows written before labels were stored from their own changes, else from another row of the same record', async () => {
    const subject = newId();
    const row = (action: 'created' | 'updated', changes: Record<string, { before: unknown; after: unknown }>, minutesAgo: number) => ({
      tenantId: h.landlordId,
      id: newId(),
      businessId: owner.business,
      userId: null,
      model: 'invoice',
      modelId: subject,
      action,
      changes,
      ip: null,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    await inTenant(h.app.db, h.landlordId, (tx) =>
      tx.insert(auditLogs).values([row('created', { invoice_number: { before: null, after: 'OLD-000001' }, total: { before: null, after: 100 } }, 10), row('updated', { status: { before: 'draft', after: 'open' } }, 5)]),
    );
    expect((await entriesOf(owner, '&model=invoice')).filter((entry) => entry.model_id === subject).map((entry) => entry.subject_label)).toEqual(['OLD-000001', 'OLD-000001']);
  });

  it('shows another business, another tenant or a member without the ability none of it', async () => {
    const labels = async (client: TestClient) => (await entriesOf(client)).map((entry) => entry.subject_label);
    expect(await labels(sibling)).not.toContain('Globex Corporation');
    expect(await labels(sibling)).not.toContain('OLD-000001');
    expect(await labels(foreign)).not.toContain('Globex Corporation');
    const viewer = await inviteAndAccept(h, owner, 'viewer@labelled.example', 'viewer');
    expect((await viewer.get('/api/v1/audit-logs')).status).toBe(403);
  });
});
