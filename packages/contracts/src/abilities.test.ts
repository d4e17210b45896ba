import { describe, expect, it } from 'vitest';
import { canGrant } from './abilities';

describe('canGrant', () => {
  it('grants only abilities held; "*" covers any, and a "*" role needs "*"', () => {
    expect(canGrant(['view-user', 'create-user'], ['view-user'])).toBe(true);
    expect(canGrant(['view-user', 'create-user'], ['view-user', 'create-user'])).toBe(true);
    expect(canGrant(['view-user'], ['view-user', 'manage-role'])).toBe(false);
    expect(canGrant(['view-user'], ['*'])).toBe(false);
    expect(canGrant(['*'], ['*'])).toBe(true);
    expect(canGrant(['*'], ['manage-role', 'manage-tenant'])).toBe(true);
    expect(canGrant([], [])).toBe(true);
    expect(canGrant([], ['view-user'])).toBe(false);
  });
});
