import { describe, expect, it } from 'vitest';
import { businessSettingDefaults } from '@app/contracts';
import { type InvalidStoredSetting, businessSettingsProblems, readStoredBusinessSettings } from './business-settings';
import { numberingMessages } from './numbering';

describe('readStoredBusinessSettings', () => {
  it('keeps every valid value and replaces each invalid one by its default, reporting it', () => {
    const reported: InvalidStoredSetting[] = [];
    const { valid, resolved } = readStoredBusinessSettings(
      { time_zone: '', fiscal_year: '4-3', invoice_number_format: '{{SERIES:INV}}', estimate_due: 'unknown key', link_expiry_days: 9999, language: 'en', date_format: null },
      (invalid) => reported.push(invalid),
    );
    expect(valid).toEqual({ fiscal_year: '4-3', language: 'en' });
    expect(resolved.time_zone).toBe(businessSettingDefaults.time_zone);
    expect(resolved.invoice_number_format).toBe(businessSettingDefaults.invoice_number_format);
    expect(resolved.link_expiry_days).toBe(businessSettingDefaults.link_expiry_days);
    expect(resolved.fiscal_year).toBe('4-3');
    expect(reported.map((invalid) => invalid.key)).toEqual(['time_zone', 'invoice_number_format', 'link_expiry_days']);
    expect(reported.map((invalid) => invalid.problem)).toEqual(['The time zone is invalid.', numberingMessages.sequenceRequired, 'Enter a whole number from 1 to 365.']);
  });

  it('reads anything that is no object as no settings', () => {
    for (const stored of [null, 'UTC', 42, ['time_zone']]) expect(readStoredBusinessSettings(stored).resolved).toEqual(businessSettingDefaults);
  });
});

describe('businessSettingsProblems', () => {
  it('names the number formats the numbering rules refuse', () => {
    expect(businessSettingsProblems({ invoice_number_format: '{{SERIES:INV}}', estimate_number_format: businessSettingDefaults.estimate_number_format })).toEqual({
      'settings.invoice_number_format': [numberingMessages.sequenceRequired],
    });
    expect(businessSettingsProblems({ time_zone: 'Europe/Paris', payment_number_format: '{{SEQUENCE:6}}' })).toEqual({});
  });
});
