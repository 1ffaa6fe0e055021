import { WebsiteRole } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { ROLE_CODES, ROLE_LABELS, roleNames, roleReach } from './roles.js';

describe('owner roles in the editor', () => {
  it('names every SPEC §6 role', () => {
    expect(ROLE_CODES).toHaveLength(12);
    for (const code of ROLE_CODES) expect(ROLE_LABELS[code]).toBeTruthy();
    expect(roleNames([WebsiteRole.EDITOR, WebsiteRole.STORE_MANAGER])).toBe('Editor, Store manager');
  });

  it('says what each role opens, from the shared group table', () => {
    expect(roleReach(WebsiteRole.STORE_MANAGER)).toBe('products and orders, forms, analytics');
    expect(roleReach(WebsiteRole.ADMIN)).toContain('settings and owners');
    expect(roleReach(WebsiteRole.VIEWER)).toBe('their own account only');
  });
});
