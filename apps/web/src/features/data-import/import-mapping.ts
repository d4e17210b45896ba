import type { ImportJobResource } from '@app/contracts';

/** The wizard's mapping: field name -> column index, or null for a field left unmapped. */
export type ImportMapping = Record<string, number | null>;

type Preset = { mapping: Record<string, string> };

/** The job's proposed mapping with every field present (a field the server left out is unmapped). */
export function initialMapping(job: Pick<ImportJobResource, 'fields' | 'mapping'>): ImportMapping {
  return Object.fromEntries(job.fields.map((field) => [field.name, job.mapping[field.name] ?? null]));
}

/**
 * A saved mapping applied to this file: presets name columns by header text, so each field takes
 * the column whose header matches (ignoring case and surrounding spaces); a header the file lacks
 * leaves the field unmapped.
 */
export function mappingFromPreset(job: Pick<ImportJobResource, 'fields' | 'columns'>, preset: Preset): ImportMapping {
  const normal = (header: string) => header.trim().toLowerCase();
  return Object.fromEntries(
    job.fields.map((field) => {
      const header = preset.mapping[field.name];
      const column = header === undefined ? undefined : job.columns.find((candidate) => normal(candidate.header) === normal(header));
      return [field.name, column ? column.index : null];
    }),
  );
}

/** The mapping saved for reuse: field -> header text of the mapped column; unmapped fields are left out. */
export function presetMapping(job: Pick<ImportJobResource, 'columns'>, mapping: ImportMapping): Record<string, string> {
  const entries: [string, string][] = [];
  for (const [field, index] of Object.entries(mapping)) {
    const column = index === null ? undefined : job.columns.find((candidate) => candidate.index === index);
    if (column) entries.push([field, column.header]);
  }
  return Object.fromEntries(entries);
}

/** The required fields no column is mapped to. */
export function unmappedRequired(job: Pick<ImportJobResource, 'fields'>, mapping: ImportMapping): string[] {
  return job.fields.filter((field) => field.required && (mapping[field.name] ?? null) === null).map((field) => field.name);
}

/** Whether a saved mapping was made for a file with these headers (same headers, any order). */
export function presetFitsHeaders(preset: { headers: readonly string[] }, job: Pick<ImportJobResource, 'columns'>): boolean {
  const normal = (list: readonly string[]) => [...list].map((header) => header.trim().toLowerCase()).sort().join('\n');
  return normal(preset.headers) === normal(job.columns.map((column) => column.header));
}
