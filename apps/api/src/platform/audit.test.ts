import { describe, expect, it } from 'vitest';
import { changedFields } from './audit';

describe('audit changes', () => {
  it('keeps only changed fields, hides secrets and ignores timestamps of the write', () => {
    const before = { name: 'Acme', email: 'a@example.com', passwordHash: 'x', updatedAt: new Date(1), disabledAt: null };
    const after = { name: 'Acme Ltd', email: 'a@example.com', passwordHash: 'y', updatedAt: new Date(2), disabledAt: new Date(0) };
    expect(changedFields(before, after)).toEqual({
      name: { before: 'Acme', after: 'Acme Ltd' },
      passwordHash: { before: '[REDACTED]', after: '[REDACTED]' },
      disabledAt: { before: null, after: '1970-01-01T00:00:00.000Z' },
    });
  });

  it('records every field of a created or deleted record', () => {
    expect(changedFields(null, { name: 'New', mail_password: 'sealed' })).toEqual({
      name: { before: null, after: 'New' },
      mail_password: { before: '[REDACTED]', after: '[REDACTED]' },
    });
    expect(changedFields({ name: 'Gone' }, null)).toEqual({ name: { before: 'Gone', after: null } });
  });
});
