import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSmtpServer } from '../../test/smtp';
import { simpleMailHtml, smtpTransport } from './mail';

const smtp = new TestSmtpServer();

beforeAll(async () => {
  await smtp.start();
});

afterAll(async () => {
  await smtp.stop();
});

/** The decoded body of the MIME part of that content type (quoted-printable or base64). */
function partBody(raw: string, contentType: string): { headers: string; body: string } {
  const start = raw.indexOf(`Content-Type: ${contentType}`);
  if (start < 0) throw new Error(`no ${contentType} part`);
  const part = raw.slice(start);
  const headerEnd = part.indexOf('\r\n\r\n');
  const headers = part.slice(0, headerEnd);
  const encoded = part.slice(headerEnd + 4).split(/\r\n--/)[0] ?? '';
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return { headers, body: Buffer.from(encoded.replace(/\s+/g, ''), 'base64').toString('utf8') };
  const bytes = encoded.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return { headers, body: Buffer.from(bytes, 'latin1').toString('utf8') };
}

describe('mail in every script', () => {
  it('declares UTF-8 for the text and HTML parts and carries Arabic, Hebrew, CJK and combining marks intact', async () => {
    const line = 'شركة الخليج · חברת הגליל · 株式会社やまだ · 주식회사 한빛 · 北京 · Ελλάς · Москва · Cafe\u0301';
    const transport = smtpTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTls: true });
    try {
      await transport.send({ from: 'billing@ledgerline.test', to: 'customer@ledgerline.test', subject: 'Invoice', text: line, html: simpleMailHtml('Invoice', [line]) });
    } finally {
      transport.close();
    }
    const mail = await smtp.waitFor('customer@ledgerline.test');
    const text = partBody(mail.raw, 'text/plain');
    const html = partBody(mail.raw, 'text/html');
    expect(text.headers).toMatch(/charset=utf-8/i);
    expect(html.headers).toMatch(/charset=utf-8/i);
    expect(text.body).toBe(line);
    expect(html.body).toContain('<meta charset="utf-8">');
    expect(html.body).toContain(`<p>${line}</p>`);
  });
});
