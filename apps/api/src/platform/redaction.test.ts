import { describe, expect, it } from 'vitest';
import { REDACTED, TRUNCATED, maskDeclaredSecrets, maskSecretsInText, maskUrl, redact } from './redaction';
import { randomToken } from './crypto';
import { errorForLog } from './server-log';
import { newTotpSecret, totpUri } from './totp';

const TOKEN = randomToken();
const ID = '0190f1c2-3b4a-7c5d-8e6f-a1b2c3d4e5f6';

describe('value rules', () => {
  it('masks otpauth URLs, bearer tokens, app tokens and JWTs wherever they appear', () => {
    const secret = newTotpSecret();
    const otpauth = totpUri(secret, 'Ledgerline', 'ada@example.com');
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    const text = `scan ${otpauth} then send Authorization: Bearer abc.def and ${ID}|${TOKEN} or ${jwt}.`;
    const masked = maskSecretsInText(text);
    for (const value of [secret, 'abc.def', TOKEN, jwt]) expect(masked).not.toContain(value);
    expect(masked).toBe(`scan ${REDACTED} then send Authorization: Bearer ${REDACTED} and ${REDACTED} or ${REDACTED}.`);
    expect(maskSecretsInText(`${ID}%7C${TOKEN}`)).toBe(REDACTED);
  });

  it('masks the token of every link that carries one, plain or percent-encoded inside another URL', () => {
    const links = [
      `https://acme.test/reset-password/${TOKEN}?email=ada%40example.com`,
      `https://acme.test/accept-user-invitation/${TOKEN}`,
      `https://acme.test/onboarding-business-invitation/${TOKEN}`,
      `https://acme.test/verify-user?token=${TOKEN}`,
      `https://acme.test/public/invoices/view/${TOKEN}`,
      `https://acme.test/public/payments/view/${TOKEN}`,
      `/api/v1/public/estimates/${TOKEN}/pdf`,
      `/api/v1/invitations/${TOKEN}`,
      `/login?next=${encodeURIComponent(`/reset-password/${TOKEN}`)}`,
    ];
    for (const link of links) {
      const masked = maskSecretsInText(link);
      expect(masked, link).not.toContain(TOKEN);
      expect(masked, link).toContain(REDACTED);
    }
    expect(maskSecretsInText('https://acme.test/reset-password/short?email=ada%40example.com')).toBe(`https://acme.test/reset-password/${REDACTED}?email=ada%40example.com`);
    expect(maskSecretsInText('https://acme.test/public/invoices/view/abc')).toBe(`https://acme.test/public/invoices/view/${REDACTED}`);
    expect(maskSecretsInText('https://acme.test/confirm-email/short')).toBe(`https://acme.test/confirm-email/${REDACTED}`);
  });

  it('masks long random strings and keeps ids, amounts, dates and ordinary words', () => {
    const base32 = newTotpSecret();
    expect(maskSecretsInText(`secret ${base32} token ${TOKEN} hash ${'ab12'.repeat(16)}`)).toBe(`secret ${REDACTED} token ${REDACTED} hash ${REDACTED}`);
    const ordinary = `invoice ${ID} of 1234567.89 USD due 2026-03-07T00:00:00.000Z for INV-000123, see anti-disestablishmentarianism-and-other-long-words`;
    expect(maskSecretsInText(ordinary)).toBe(ordinary);
  });

  it('masks declared secrets, raw and URL-encoded, whatever their shape', () => {
    const secret = 'plain lower words';
    expect(maskDeclaredSecrets(`a ${secret} b ${encodeURIComponent(secret)} c`, [secret])).toBe(`a ${REDACTED} b ${REDACTED} c`);
  });
});

describe('maskUrl', () => {
  it('masks path parameters of the route named like a secret and keeps the others', () => {
    expect(maskUrl(`/api/v1/public/invoices/${TOKEN}/pdf`, '/api/v1/public/invoices/:token/pdf')).toBe(`/api/v1/public/invoices/${REDACTED}/pdf`);
    expect(maskUrl('/api/v1/things/abc/short', '/api/v1/things/:id/:code')).toBe(`/api/v1/things/abc/${REDACTED}`);
    expect(maskUrl(`/api/v1/invoices/${ID}`, '/api/v1/invoices/:id')).toBe(`/api/v1/invoices/${ID}`);
  });

  it('masks query values under secret-like keys and secret-shaped values under any key', () => {
    expect(maskUrl('/verify-user?token=abc&page=2&status=sent')).toBe(`/verify-user?token=${REDACTED}&page=2&status=sent`);
    expect(maskUrl('/x?reset_code=1234&Signature=abc&api_key=k&password=p')).toBe(`/x?reset_code=${REDACTED}&Signature=${REDACTED}&api_key=${REDACTED}&password=${REDACTED}`);
    expect(maskUrl(`/x?next=${encodeURIComponent(`https://a.test/accept-user-invitation/${TOKEN}`)}`)).not.toContain(TOKEN);
    expect(maskUrl(`/x?q=${TOKEN}`)).toBe(`/x?q=${REDACTED}`);
  });
});

describe('redact', () => {
  it('blanks secret-named keys and masks secret-shaped values at any depth', () => {
    const otpauth = totpUri(newTotpSecret(), 'Ledgerline', 'ada@example.com');
    const value = { user: { password: 'p', otpauth_url: otpauth, nested: [{ note: `use ${ID}|${TOKEN}` }], link: `https://a.test/reset-password/${TOKEN}` } };
    expect(redact(value)).toEqual({ user: { password: REDACTED, otpauth_url: REDACTED, nested: [{ note: `use ${REDACTED}` }], link: `https://a.test/reset-password/${REDACTED}` } });
    expect(redact({ description: otpauth })).toEqual({ description: REDACTED });
  });

  it('survives a body nested 5,000 levels deep and bounds what it keeps', () => {
    let deep: unknown = { token: TOKEN };
    for (let i = 0; i < 5_000; i += 1) deep = { a: deep };
    const redacted = redact(deep);
    const text = JSON.stringify(redacted);
    expect(text).toContain(TRUNCATED);
    expect(text).not.toContain(TOKEN);
    expect(text.length).toBeLessThan(200);

    const wide = Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`k${i}`, i]));
    expect(Object.keys(redact(wide) as object)).toHaveLength(201);
    expect((redact(Array.from({ length: 1_000 }, (_, i) => i)) as unknown[]).length).toBe(100);
    expect(redact('x'.repeat(200_000))).toBe(`${TRUNCATED} 200000 characters`);
  });
});

describe('server log errors', () => {
  it('masks secrets quoted in an error message and its stack', () => {
    const logged = errorForLog(new Error(`delivery failed for https://a.test/accept-user-invitation/${TOKEN}`));
    expect(logged.message).toBe(`delivery failed for https://a.test/accept-user-invitation/${REDACTED}`);
    expect(logged.stack).not.toContain(TOKEN);
    expect(logged.type).toBe('Error');
  });
});
