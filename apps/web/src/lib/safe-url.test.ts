import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-url';

describe('safeUrl', () => {
  it('keeps absolute http(s) URLs and paths of this site', () => {
    for (const url of ['https://example.com/', 'http://localhost:3000/x?y=1', '/files/t/logos/abc.png', '/api/v1/public/invoices/tok/pdf']) {
      expect(safeUrl(url)).toBe(url);
    }
  });

  it('drops script, data and file URLs, other hosts disguised as paths, and nothing at all', () => {
    for (const url of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', ' javascript:alert(1)', 'data:image/svg+xml,<svg/>', 'file:///etc/passwd', '//evil.example.com/x', '/\\evil.example.com', 'example.com', '', null, undefined]) {
      expect(safeUrl(url)).toBeUndefined();
    }
  });
});
