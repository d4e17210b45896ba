import { describe, expect, it } from 'vitest';
import { THIRD_PARTY_SOURCES, apiDocsPolicy, pagePolicy, thirdPartySources } from './content-security-policy';

function directives(csp: string): Map<string, string[]> {
  return new Map(csp.split('; ').map((part) => {
    const [name = '', ...sources] = part.split(' ');
    return [name, sources];
  }));
}

describe('the page policy', () => {
  it('allows no inline script, and third-party script only from the payment and bank-link providers', () => {
    expect(THIRD_PARTY_SOURCES.map((source) => source.name)).toEqual(['Stripe.js', 'Plaid Link']);
    const defaults = directives(pagePolicy({ styleNonce: 'abc', imageUrls: [], tls: false }));
    expect(defaults.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://cdn.plaid.com']);
    expect(defaults.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com', 'https://production.plaid.com', 'https://sandbox.plaid.com']);
    const policy = directives(pagePolicy({ styleNonce: 'abc', imageUrls: [], tls: false, thirdParty: [] }));
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src-elem')).toEqual(["'self'", "'nonce-abc'"]);
    expect(policy.get('frame-src')).toEqual(['blob:']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('adds a named provider’s origins to the directives it names, and only those', () => {
    const stripe = { name: 'Stripe.js', script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] };
    const plaid = { name: 'Plaid Link', script: ['https://cdn.plaid.com'], frame: ['https://cdn.plaid.com'] };
    const policy = directives(pagePolicy({ styleNonce: null, imageUrls: [], tls: true, thirdParty: [stripe, plaid] }));
    expect(policy.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://cdn.plaid.com']);
    expect(policy.get('frame-src')).toEqual(['blob:', 'https://js.stripe.com', 'https://hooks.stripe.com', 'https://cdn.plaid.com']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('style-src-elem')).toEqual(["'self'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
  });

  it("lets the providers' scripts load from and call their APIs at another address (the fakes) only when one is configured", () => {
    expect(thirdPartySources([undefined, undefined])).toBe(THIRD_PARTY_SOURCES);
    const policy = directives(pagePolicy({ styleNonce: null, imageUrls: [], tls: false, thirdParty: thirdPartySources(['http://127.0.0.1:12111', 'http://127.0.0.1:12112/']) }));
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com', 'https://production.plaid.com', 'https://sandbox.plaid.com', 'http://127.0.0.1:12111', 'http://127.0.0.1:12112']);
    expect(policy.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://cdn.plaid.com']);
    // The demo loads the scripts themselves from the fakes.
    const demo = directives(pagePolicy({ styleNonce: null, imageUrls: [], tls: false, thirdParty: thirdPartySources(['http://127.0.0.1:12111', 'http://127.0.0.1:12112/'], true) }));
    expect(demo.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://cdn.plaid.com', 'http://127.0.0.1:12111', 'http://127.0.0.1:12112']);
  });

  it('takes only the origin of absolute http(s) image URLs, once each', () => {
    const policy = directives(pagePolicy({ styleNonce: null, imageUrls: ['https://cdn.example.com/a.png', 'https://cdn.example.com/b.png', 'javascript:alert(1)', "https://x.example.com/'none'", null], tls: false }));
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.com', 'https://x.example.com']);
  });
});

describe('the API documentation policy', () => {
  it('lets Swagger UI style inline but run no inline or foreign script', () => {
    const policy = directives(apiDocsPolicy());
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });
});
