import { describe, expect, it } from 'vitest';
import { adminCreateBusinessRequestSchema } from './admin';
import { updateBusinessRequestSchema } from './business';
import { createCounterpartyRequestSchema } from './counterparties';
import { messages } from './messages';
import { createTenantRequestSchema } from './tenants';
import { isAbsoluteHttpUrl, normaliseHttpUrl } from './http-url';
import { invalidUrlMessage, optionalUrlSchema, urlSchema } from './url';

/** Forms an attacker uses to get a script, a foreign host or a local file behind a link. */
const HOSTILE_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'javascript://example.com/%0Aalert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://example.com/file',
  '//evil.example.com/path',
  '/relative/path',
  ' javascript:alert(1)',
  '\u0000javascript:alert(1)',
  '\tjavascript:alert(1)',
  ' https://example.com',
  'https://example.com/a b',
  'java\nscript:alert(1)',
  '\u200bhttps://example.com',
  '%6a%61vascript:alert(1)',
  'https://exa%6dple.com',
  'https:\\\\evil.example.com',
  'https:/evil.example.com',
  'https:evil.example.com',
  'https://user:pass@example.com',
  'https://example.com@evil.example.com',
  'example.com@evil.example.com',
  'http://0x7f000001/',
  'http://2130706433/',
  'http://127.1/',
  'http://0177.0.0.1/',
  'http://999.1.1.1/',
  'http://example.com:99999/',
  'https://',
  'example',
  'https://bücher.example/',
];

describe('normaliseHttpUrl', () => {
  it.each([
    ['example.com', 'https://example.com/'],
    ['www.example.com/path?q=1#top', 'https://www.example.com/path?q=1#top'],
    ['http://example.com', 'http://example.com/'],
    ['https://shop.example.co.uk:8443/a/b', 'https://shop.example.co.uk:8443/a/b'],
    ['HTTPS://Example.COM/Path', 'https://example.com/Path'],
    ['localhost', 'https://localhost/'],
    ['http://localhost:3000/login', 'http://localhost:3000/login'],
    ['127.0.0.1:8080', 'https://127.0.0.1:8080/'],
    ['http://192.168.1.20/x', 'http://192.168.1.20/x'],
    ['http://[::1]:3000/', 'http://[::1]:3000/'],
    ['xn--bcher-kva.example', 'https://xn--bcher-kva.example/'],
    ['example.com/caf\u00e9', 'https://example.com/caf%C3%A9'],
  ])('accepts %s as %s', (input, stored) => {
    expect(normaliseHttpUrl(input)).toBe(stored);
  });

  it.each(HOSTILE_URLS)('refuses %j', (input) => {
    expect(normaliseHttpUrl(input)).toBeNull();
  });

  it('gives back only absolute http(s) URLs, whatever it is fed', () => {
    const samples = ['example.com', 'localhost:1', '10.0.0.1', 'http://a.example/x', ...HOSTILE_URLS];
    for (const sample of samples) {
      const url = normaliseHttpUrl(sample);
      if (url !== null) expect(isAbsoluteHttpUrl(url)).toBe(true);
    }
  });
});

describe('isAbsoluteHttpUrl', () => {
  it('accepts stored http(s) URLs and nothing else', () => {
    expect(isAbsoluteHttpUrl('https://example.com/logo.png')).toBe(true);
    expect(isAbsoluteHttpUrl('http://localhost:3000/')).toBe(true);
    for (const value of ['/files/x.png', '//evil.example.com', 'javascript:alert(1)', 'example.com', ' https://example.com', 'https://u:p@example.com/']) {
      expect(isAbsoluteHttpUrl(value)).toBe(false);
    }
  });
});

describe('urlSchema and optionalUrlSchema', () => {
  it('answer the spec message for a refused URL and the length message past 255', () => {
    expect(urlSchema.safeParse('javascript:alert(1)').error?.issues[0]?.message).toBe(invalidUrlMessage);
    expect(invalidUrlMessage).toBe('Invalid url (ex: example.com)');
    expect(urlSchema.safeParse('').error?.issues[0]?.message).toBe(messages.required);
    const long = `example.com/${'a'.repeat(250)}`;
    expect(optionalUrlSchema.safeParse(long).error?.issues[0]?.message).toBe(messages.maxLength255);
  });

  it('clears on blank, keeps an omitted field omitted and stores the normalised URL', () => {
    expect(optionalUrlSchema.parse('')).toBeNull();
    expect(optionalUrlSchema.parse('   ')).toBeNull();
    expect(optionalUrlSchema.parse(null)).toBeNull();
    expect(optionalUrlSchema.parse(undefined)).toBeUndefined();
    expect(optionalUrlSchema.parse('example.com')).toBe('https://example.com/');
    expect(optionalUrlSchema.safeParse(42).error?.issues[0]?.message).toBe(invalidUrlMessage);
  });

  it('is the rule of every URL field of the request contracts', () => {
    const bad = 'javascript:alert(1)';
    const results = [
      ['business website', updateBusinessRequestSchema.safeParse({ name: 'Acme Works', website: bad }), ['website']],
      ['admin business website', adminCreateBusinessRequestSchema.safeParse({ name: 'Acme Works', owner_email: 'o@acme.example.com', website: bad }), ['website']],
      ['counterparty website', createCounterpartyRequestSchema.safeParse({ name: 'Acme Works', website: bad }), ['website']],
      [
        'tenant URLs',
        createTenantRequestSchema.safeParse({ name: 'T', domains: ['t.example.com'], admin_email: 'a@t.example.com', landing_url: bad, login_logo: bad, dashboard_logo: bad, financing_provider_url: bad }),
        ['landing_url', 'login_logo', 'dashboard_logo', 'financing_provider_url'],
      ],
    ] as const;
    for (const [name, result, fields] of results) {
      const failed = (result.error?.issues ?? []).filter((issue) => issue.message === invalidUrlMessage).map((issue) => issue.path.join('.'));
      expect(failed, name).toEqual([...fields]);
    }
    expect(updateBusinessRequestSchema.parse({ name: 'Acme Works', website: 'acme.example.com' }).website).toBe('https://acme.example.com/');
  });
});
