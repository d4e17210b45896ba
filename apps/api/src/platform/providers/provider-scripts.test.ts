import { describe, expect, it } from 'vitest';
import { providerScriptUrls } from './provider-scripts';

describe("the providers' browser scripts", () => {
  it('load from their canonical URLs unless the demo asks for the fakes at the API bases', () => {
    const bases = { PAYMENT_PROVIDER_API_BASE: 'http://127.0.0.1:12111', BANK_LINK_API_BASE: 'http://127.0.0.1:12112/' };
    expect(providerScriptUrls({ ...bases, PROVIDER_SCRIPTS_AT_API_BASE: false })).toEqual({ payment_provider: null, bank_link: null });
    expect(providerScriptUrls({ PAYMENT_PROVIDER_API_BASE: undefined, BANK_LINK_API_BASE: undefined, PROVIDER_SCRIPTS_AT_API_BASE: true })).toEqual({ payment_provider: null, bank_link: null });
    expect(providerScriptUrls({ ...bases, PROVIDER_SCRIPTS_AT_API_BASE: true })).toEqual({
      payment_provider: 'http://127.0.0.1:12111/v3',
      bank_link: 'http://127.0.0.1:12112/link/v2/stable/link-initialize.js',
    });
  });
});
