import { describe, expect, it } from 'vitest';
import { importJob } from '../../test/import-fixtures';
import { initialMapping, mappingFromPreset, presetFitsHeaders, presetMapping, unmappedRequired } from './import-mapping';

describe('import mapping helpers', () => {
  it("takes the server's proposal, with every field present and the unmapped ones null", () => {
    const job = importJob({ mapping: { email: 1 } });
    expect(initialMapping(job)).toEqual({ name: null, email: 1, phone: null });
    expect(unmappedRequired(job, initialMapping(job))).toEqual(['name']);
    expect(unmappedRequired(job, { name: 0, email: null, phone: null })).toEqual([]);
  });

  it('applies a saved mapping by header text, whatever the column order, and leaves missing headers unmapped', () => {
    const job = importJob();
    expect(mappingFromPreset(job, { mapping: { name: ' company ', email: 'E-MAIL', phone: 'Mobile' } })).toEqual({ name: 0, email: 1, phone: null });
  });

  it('saves a mapping as header texts and recognises a file with the same headers in another order', () => {
    const job = importJob();
    expect(presetMapping(job, { name: 0, email: null, phone: 2 })).toEqual({ name: 'Company', phone: 'Phone' });
    expect(presetFitsHeaders({ headers: ['phone', 'Company', 'E-mail'] }, job)).toBe(true);
    expect(presetFitsHeaders({ headers: ['Company', 'E-mail'] }, job)).toBe(false);
  });
});
