import { describe, expect, it } from 'vitest';
import { wrapLongWords } from './document-blocks';

describe('wrapLongWords', () => {
  it('lets a long email or link break anywhere, so it stays inside its column', () => {
    expect(wrapLongWords('accountspayable.department@subsidiary.example.com')).toEqual({ text: 'accountspayable.department@subsidiary.example.com', wordBreak: 'break-all' });
  });

  it('keeps ordinary lines breaking between words', () => {
    expect(wrapLongWords('Bahnhofstrasse 10, 8001 Zürich')).toEqual({ text: 'Bahnhofstrasse 10, 8001 Zürich' });
    expect(wrapLongWords('billing@globex.test')).toEqual({ text: 'billing@globex.test' });
  });
});
