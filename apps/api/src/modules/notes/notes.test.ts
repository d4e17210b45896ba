import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NoteResource, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { auditOf, idOf } from '../../../test/catalog';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';

let h: Harness;
let owner: TestClient;

beforeAll(async () => {
  h = await createHarness();
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Notes Inc');
});
afterAll(async () => {
  await h.close();
});

const notesOf = (body: Record<string, unknown>) => body.data as NoteResource[];

describe('notes', () => {
  it('validates name, type and the 65,000 character limit', async () => {
    const missing = errorsOf(await owner.post('/api/v1/notes', {}));
    expect(missing.name?.[0]).toBe(messages.required);
    expect(missing.notes?.[0]).toBe(messages.required);
    expect(errorsOf(await owner.post('/api/v1/notes', { name: 'x'.repeat(256), notes: 'Thanks' })).name?.[0]).toBe(messages.maxLength255);
    expect((await owner.post('/api/v1/notes', { type: 'Receipt', name: 'Thanks', notes: 'Thanks' })).status).toBe(422);
    expect(errorsOf(await owner.post('/api/v1/notes', { name: 'Long', notes: 'a'.repeat(65_001) })).notes?.[0]).toBe(messages.notesTooLong);
    const long = await owner.post('/api/v1/notes', { name: 'Long', notes: 'a'.repeat(65_000) });
    expect(long.status).toBe(201);
    expect(long.body.data).toMatchObject({ type: 'Invoice', name: 'Long' });
    expect((long.body.data as NoteResource).notes).toHaveLength(65_000);
    expect((await auditOf(owner, 'note'))[0]?.changes.notes_length).toEqual({ before: null, after: 65_000 });
  });

  it('lists by type and search, edits and deletes', async () => {
    await owner.post('/api/v1/notes', { type: 'Estimate', name: 'Validity', notes: 'Valid for 30 days.' });
    const payment = await owner.post('/api/v1/notes', { type: 'Payment', name: 'Receipt', notes: 'Thank you for your payment.' });
    expect(notesOf((await owner.get('/api/v1/notes?type=Estimate')).body).map((n) => n.name)).toEqual(['Validity']);
    const searched = await owner.get('/api/v1/notes?search=thank');
    expect(notesOf(searched.body).map((n) => n.name)).toEqual(['Receipt']);
    expect(searched.body.meta).toMatchObject({ total: 1, note_total_count: 3 });
    expect((await owner.get('/api/v1/notes?type=Receipt')).status).toBe(422);

    const id = idOf(payment.body);
    expect(errorsOf(await owner.put(`/api/v1/notes/${id}`, { type: 'Payment', name: '', notes: 'x' })).name?.[0]).toBe(messages.required);
    const updated = await owner.put(`/api/v1/notes/${id}`, { type: 'Invoice', name: 'Thanks', notes: 'Thanks!' });
    expect(updated.body.data).toMatchObject({ type: 'Invoice', name: 'Thanks', notes: 'Thanks!' });
    expect((await owner.get(`/api/v1/notes/${id}`)).body.data).toMatchObject({ name: 'Thanks' });
    expect((await owner.delete(`/api/v1/notes/${id}`)).body).toEqual({ success: true });
    expect((await owner.get(`/api/v1/notes/${id}`)).status).toBe(404);
    expect((await auditOf(owner, 'note')).slice(0, 2).map((e) => e.action)).toEqual(['deleted', 'updated']);
  });

  it('needs the note abilities', async () => {
    const accountant = await inviteAndAccept(h, owner, 'acct@notes.example.com', 'accountant');
    const viewer = await inviteAndAccept(h, owner, 'viewer@notes.example.com', 'viewer');
    const note = notesOf((await owner.get('/api/v1/notes')).body)[0]?.id ?? '';
    expect((await viewer.get('/api/v1/notes')).status).toBe(200);
    expect((await viewer.post('/api/v1/notes', { name: 'n', notes: 'n' })).status).toBe(403);
    expect((await viewer.put(`/api/v1/notes/${note}`, { name: 'n', notes: 'n' })).status).toBe(403);
    expect((await accountant.post('/api/v1/notes', { name: 'By accountant', notes: 'n' })).status).toBe(201);
    expect((await accountant.delete(`/api/v1/notes/${note}`)).status).toBe(403);
  });

  it("another business's or tenant's note is not found and stays as it was", async () => {
    const note = notesOf((await owner.get('/api/v1/notes')).body)[0];
    const other = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Other Notes');
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Notes', OTHER_HOST);
    for (const client of [other, foreign]) {
      expect((await client.get(`/api/v1/notes/${note?.id ?? ''}`)).status).toBe(404);
      expect((await client.put(`/api/v1/notes/${note?.id ?? ''}`, { name: 'hacked', notes: 'x' })).status).toBe(404);
      expect((await client.delete(`/api/v1/notes/${note?.id ?? ''}`)).status).toBe(404);
      expect(notesOf((await client.get('/api/v1/notes')).body)).toEqual([]);
    }
    expect((await owner.get(`/api/v1/notes/${note?.id ?? ''}`)).body.data).toEqual(note);
  });
});
