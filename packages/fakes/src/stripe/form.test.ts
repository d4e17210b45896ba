import { describe, expect, it } from 'vitest';
import { parseForm, parseMultipart } from './form.js';

describe("Stripe's request encoding", () => {
  it('nests bracketed keys and reads both array forms', () => {
    expect(parseForm('individual[dob][day]=1&individual[dob][month]=2&expand[]=a&expand[]=b&items[0][x]=1&items[1][x]=2&plain=%20v')).toEqual({
      individual: { dob: { day: '1', month: '2' } },
      expand: ['a', 'b'],
      items: [{ x: '1' }, { x: '2' }],
      plain: ' v',
    });
    expect(parseForm('expand%5B0%5D=external_accounts')).toEqual({ expand: ['external_accounts'] });
  });

  it('splits a multipart body into fields and files', () => {
    const boundary = 'b0undary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nidentity_document\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n`),
      Buffer.from([0x89, 0x50, 0x0d, 0x0a]),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const parsed = parseMultipart(body, `multipart/form-data; boundary=${boundary}`);
    expect(parsed?.fields).toEqual({ purpose: 'identity_document' });
    expect(parsed?.files.get('file')).toEqual({ filename: 'id.png', contentType: 'image/png', data: Buffer.from([0x89, 0x50, 0x0d, 0x0a]) });
    expect(parseMultipart(body, 'multipart/form-data')).toBeNull();
  });
});
