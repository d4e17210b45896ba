import { describe, expect, it } from 'vitest';
import { FORBIDDEN_ADDRESSES, fixedResolver } from '../../test/dns';
import { MailHostGuard, MailHostRefused } from './mail-host-guard';
import { AddressPolicy, parseHostAllowlist } from './outbound/address-policy';

const guard = (table: Record<string, readonly string[]> = {}, allowlist = '') => new MailHostGuard(AddressPolicy.fromSetting(allowlist), fixedResolver(table));

describe('MailHostGuard', () => {
  for (const [kind, addresses] of Object.entries(FORBIDDEN_ADDRESSES)) {
    it(`refuses ${kind} addresses, typed or resolved from a name`, async () => {
      for (const address of addresses) {
        await expect(guard().check(address), address).rejects.toBeInstanceOf(MailHostRefused);
        const bare = address.replace(/^\[|\]$/g, '');
        await expect(guard({ 'smtp.example.com': [bare] }).check('smtp.example.com'), `smtp.example.com → ${bare}`).rejects.toBeInstanceOf(MailHostRefused);
      }
    });
  }

  it('refuses a name when any of its addresses is forbidden, and a name that does not resolve', async () => {
    await expect(guard({ 'mixed.example.com': ['93.184.216.34', '10.0.0.7'] }).check('mixed.example.com')).rejects.toBeInstanceOf(MailHostRefused);
    await expect(guard({ 'empty.example.com': [] }).check('empty.example.com')).rejects.toBeInstanceOf(MailHostRefused);
    await expect(guard().check('nowhere.example.com')).rejects.toBeInstanceOf(MailHostRefused);
    await expect(guard({ localhost: ['127.0.0.1'] }).check('LocalHost')).rejects.toBeInstanceOf(MailHostRefused);
  });

  it('gives the first checked address to connect to and the name for TLS', async () => {
    expect(await guard({ 'smtp.example.com': ['93.184.216.34', '2606:2800:220:1::1'] }).check(' SMTP.Example.com ')).toEqual({ address: '93.184.216.34', servername: 'smtp.example.com' });
    expect(await guard().check('8.8.8.8')).toEqual({ address: '8.8.8.8', servername: undefined });
    expect(await guard({ 'v6.example.com': ['::ffff:8.8.4.4'] }).check('v6.example.com')).toEqual({ address: '8.8.4.4', servername: 'v6.example.com' });
  });

  it('lets through what the allow-list names: host names, addresses and ranges', async () => {
    const local = guard({ localhost: ['127.0.0.1', '::1'], 'mail.internal': ['10.20.30.40'] }, '127.0.0.1, localhost, 10.20.0.0/16');
    expect(await local.check('localhost')).toEqual({ address: '127.0.0.1', servername: 'localhost' });
    expect(await local.check('127.0.0.1')).toEqual({ address: '127.0.0.1', servername: undefined });
    expect(await local.check('2130706433')).toEqual({ address: '127.0.0.1', servername: undefined });
    expect(await local.check('mail.internal')).toEqual({ address: '10.20.30.40', servername: 'mail.internal' });
    await expect(local.check('127.0.0.2')).rejects.toBeInstanceOf(MailHostRefused);
    await expect(local.check('::1')).rejects.toBeInstanceOf(MailHostRefused);
    await expect(local.check('10.21.0.1')).rejects.toBeInstanceOf(MailHostRefused);
    expect(() => parseHostAllowlist('10.0.0.0/99')).toThrow();
  });
});
