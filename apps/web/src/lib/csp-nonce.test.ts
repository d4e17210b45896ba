import { afterEach, describe, expect, it } from 'vitest';
import { styleNonce } from './csp-nonce';

afterEach(() => {
  document.head.querySelectorAll('meta[property="csp-nonce"]').forEach((meta) => meta.remove());
});

function addMeta(nonce: string): void {
  const meta = document.createElement('meta');
  meta.setAttribute('property', 'csp-nonce');
  meta.nonce = nonce;
  document.head.append(meta);
}

describe('styleNonce', () => {
  it('reads the nonce the server filled into the shell', () => {
    addMeta('r4nd0m+N0nce/Value==');
    expect(styleNonce()).toBe('r4nd0m+N0nce/Value==');
  });

  it('is undefined without the meta tag or with the unfilled placeholder (dev server)', () => {
    expect(styleNonce()).toBeUndefined();
    addMeta('__CSP_NONCE__');
    expect(styleNonce()).toBeUndefined();
  });
});
