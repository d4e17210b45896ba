import type { TestClient } from './harness';

type Entry = { model: string; action: string; model_id: string; changes: Record<string, { before: unknown; after: unknown }> };

/** The selected business's audit entries of one model, newest first. */
export async function auditOf(client: TestClient, model: string): Promise<Entry[]> {
  return ((await client.get(`/api/v1/audit-logs?model=${model}&limit=100`)).body.data ?? []) as Entry[];
}

/** The `id` of the record in a `{ data }` response. */
export function idOf(body: Record<string, unknown>): string {
  return (body.data as { id: string }).id;
}
