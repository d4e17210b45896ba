import { describe, expect, it } from 'vitest';
import { userSettingsResourceSchema, userSettingsSchema } from './account';
import { businessSettingsResourceSchema, businessSettingsSchema } from './business';

// The answer schemas strip what they do not name: a setting added to a request schema only would
// be saved and never read back.
describe('settings as answered', () => {
  it('name every business setting a request can write', () => {
    expect(Object.keys(businessSettingsResourceSchema.shape).sort()).toEqual(Object.keys(businessSettingsSchema.shape).sort());
  });
  it('name every user setting a request can write', () => {
    expect(Object.keys(userSettingsResourceSchema.shape).sort()).toEqual(Object.keys(userSettingsSchema.shape).sort());
  });
});
