import { describe, expect, it } from 'vitest';
import { returnPathFrom, signInPathFor } from './return-path';

describe('coming back after signing in', () => {
  it('sends a guest to sign in with the page asked for, path, query and hash kept', () => {
    expect(signInPathFor('http://localhost:3000/customer/invoices/pay/abc?x=1#top')).toBe(`/login?next=${encodeURIComponent('/customer/invoices/pay/abc?x=1#top')}`);
    expect(signInPathFor('http://localhost:3000/')).toBe('/login');
    expect(signInPathFor('http://localhost:3000/login?next=%2Fdashboard')).toBe('/login');
  });

  it('follows only a path on this site', () => {
    expect(returnPathFrom(`?next=${encodeURIComponent('/payments/1?tab=received')}`)).toBe('/payments/1?tab=received');
    expect(returnPathFrom('')).toBeNull();
    for (const crafted of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/login?next=/x', 'dashboard']) {
      expect(returnPathFrom(`?next=${encodeURIComponent(crafted)}`), crafted).toBeNull();
    }
  });
});
