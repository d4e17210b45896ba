import type { ImportJobResource, ImportPreviewResponse } from '@app/contracts';
import { jsonResponse, route } from './fetch-mock';
import { makeSession } from './fixtures';

export const IMPORT_ABILITIES = ['import-data', 'view-customer'];

export const importSession = (abilities: string[] = IMPORT_ABILITIES) => makeSession({ current_user_abilities: abilities });

/** A customers file whose name column is headed "Company": the server could not match it to the name field. */
export function importJob(overrides: Partial<ImportJobResource> = {}): ImportJobResource {
  return {
    id: 'job-1',
    entity: 'customers',
    file_name: 'customers.csv',
    status: 'mapping',
    columns: [
      { index: 0, header: 'Company', samples: ['Globex Corporation', 'Initech', 'Umbrella'] },
      { index: 1, header: 'E-mail', samples: ['billing@globex.example', 'not-an-email', ''] },
      { index: 2, header: 'Phone', samples: ['555 0100', '', ''] },
    ],
    fields: [
      { name: 'name', label: 'Name', required: true, description: 'The customer as it appears on invoices.' },
      { name: 'email', label: 'Email', required: false, description: null },
      { name: 'phone', label: 'Phone', required: false, description: null },
    ],
    mapping: { name: null, email: 1, phone: 2 },
    skip_invalid_rows: false,
    total_rows: 3,
    processed_rows: 0,
    created_count: 0,
    skipped_count: 0,
    failure: null,
    has_error_report: false,
    can_undo: false,
    created_at: '2026-11-20T10:00:00Z',
    finished_at: null,
    ...overrides,
  };
}

export const invalidEmail = 'The email must be a valid email address.';

export const preview: ImportPreviewResponse = {
  data: [
    { row_number: 2, values: { name: 'Globex Corporation', email: 'billing@globex.example', phone: '555 0100' }, errors: {} },
    { row_number: 3, values: { name: 'Initech', email: 'not-an-email', phone: null }, errors: { email: invalidEmail } },
    { row_number: 4, values: { name: 'Umbrella', email: null, phone: null }, errors: {} },
  ],
  total_rows: 3,
  invalid_rows: 1,
};

export const importPage = (data: ImportJobResource[]) => ({ data, meta: { current_page: 1, last_page: 1, per_page: 15, total: data.length } });

export const noImports = route('GET', '/api/v1/business/imports', () => jsonResponse(200, importPage([])));
export const noPresets = route('GET', '/api/v1/business/import-mappings', () => jsonResponse(200, { data: [] }));

/** The recorded body of a multipart request, as a form. */
export function formOf(body: unknown): FormData {
  if (!(body instanceof FormData)) throw new Error('The request did not send a form.');
  return body;
}
