/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminMenu, businessStructures, businessTypes, mainMenu, outboxStatuses, paymentMovementKinds, settingMenu } from '@app/contracts';
import en from './en.json';
import enApp from './en-app.json';
import enGuest from './en-guest.json';
import enDocuments from './en-documents.json';

function flatten(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key));
}

const keys = new Set([...flatten(en), ...flatten(enGuest), ...flatten(enApp), ...flatten(enDocuments)]);
const has = (key: string) => keys.has(key) || keys.has(`${key}_one`) || keys.has(`${key}_other`);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('English resources', () => {
  it('have every literal key the source passes to t()', () => {
    const root = join(import.meta.dirname, '..');
    const used = sourceFiles(root).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*(['"`])([a-z0-9_.-]+)\1/gi)].map((match) => match[2] ?? ''),
    );
    expect(used.length).toBeGreaterThan(100);
    expect(used.filter((key) => !has(key))).toEqual([]);
  });

  it('have the menu titles the server sends and the labels built from contract values', () => {
    const dynamic = [
      ...[...mainMenu, ...settingMenu, ...adminMenu].map((item) => item.title),
      ...businessTypes.map((type) => `business.types.${type}`),
      ...businessStructures.map((structure) => `business.structures.${structure}`),
      ...outboxStatuses.map((status) => `outbox.status.${status}`),
      ...paymentMovementKinds.map((kind) => `payments.transfers.kinds.${kind}`),
      ...['active', 'expired', 'all'].map((status) => `tokens.status.${status}`),
    ];
    expect(dynamic.filter((key) => !has(key))).toEqual([]);
  });

  it('use the exact labels the end-to-end journeys rely on', () => {
    expect(en.auth).toMatchObject({
      email: 'Email',
      password: 'Password',
      sign_in: 'Sign in',
      authentication_code: 'Authentication code',
      use_recovery_code: 'Use a recovery code',
      name: 'Name',
      confirm_password: 'Confirm password',
      accept_invitation: 'Accept invitation',
    });
    expect(en.business).toMatchObject({ add: 'Add business', name: 'Business name', create: 'Create business' });
    expect(enApp.users).toMatchObject({ invite: 'Invite user', role: 'Role', send_invitation: 'Send invitation', invitation_sent: 'Invitation sent' });
    expect(enApp.account).toMatchObject({
      enable_two_factor: 'Enable two-factor authentication',
      confirm_password_title: 'Confirm password',
      confirm_code: 'Confirm code',
    });
    expect(en.common).toMatchObject({ confirm: 'Confirm', go_home: 'Go Home', unsaved_changes: 'You have some unsaved changes that will be lost.', leave: 'Leave', stay: 'Stay' });
    expect(en.layout).toMatchObject({ user_menu: 'User menu', logout: 'Logout' });
  });
});
