import { WebsiteRole } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { createOwnerCommand, parseCreateOwnerArgs } from '../create-owner-command.js';
import { DIALECTS } from '../../../testing.js';
import { signInOwner } from '../../../../test/auth-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

describe('tessera create-owner arguments', () => {
  it('reads email, password and roles by name or code, admin by default', () => {
    const one = parseCreateOwnerArgs(['--email', 'a@b.co', '--password', 'long-enough']);
    expect(one).toEqual({ ok: true, input: { email: 'a@b.co', password: 'long-enough', roles: [WebsiteRole.ADMIN] } });
    const many = parseCreateOwnerArgs([
      '--email',
      'a@b.co',
      '--password',
      'long-enough',
      '--role',
      'editor,8',
      '--role',
      'Store-Manager',
    ]);
    expect(many.ok && many.input.roles).toEqual([
      WebsiteRole.EDITOR,
      WebsiteRole.STORE_MANAGER,
      WebsiteRole.STORE_MANAGER,
    ]);
  });

  it('explains what is missing or wrong', () => {
    const noEmail = parseCreateOwnerArgs(['--password', 'long-enough']);
    expect(!noEmail.ok && noEmail.message).toMatch(/--email/);
    const short = parseCreateOwnerArgs(['--email', 'a@b.co', '--password', 'short']);
    expect(!short.ok && short.message).toMatch(/8 to 256 characters/);
    const role = parseCreateOwnerArgs(['--email', 'a@b.co', '--password', 'long-enough', '--role', 'wizard']);
    expect(!role.ok && role.message).toMatch(/Unknown role "wizard"/);
    const unknown = parseCreateOwnerArgs(['--email', 'a@b.co', '--password', 'long-enough', '--admin']);
    expect(unknown.ok).toBe(false);
    const code5 = parseCreateOwnerArgs(['--email', 'a@b.co', '--password', 'long-enough', '--role', '5']);
    expect(code5.ok).toBe(false);
  });
});

for (const dialect of DIALECTS) {
  describe(`tessera create-owner (${dialect})`, () => {
    const suite = suiteServer(dialect);

    it('creates the first admin, who can sign in, and refuses a second owner with the same email', async () => {
      const line = await createOwnerCommand(suite.server.db, {
        email: 'First@Admin.test',
        password: 'first-admin-pw',
        roles: [1],
      });
      expect(line).toMatch(/^Created owner first@admin\.test \(ADMIN\) of site \w+\.$/);
      const owner = await signInOwner(suite.server.url, 'first@admin.test', 'first-admin-pw');
      expect((await owner.get('/api/config/session')).body.owner.roles).toEqual([WebsiteRole.ADMIN]);
      await expect(
        createOwnerCommand(suite.server.db, { email: 'first@admin.test', password: 'x-long-enough', roles: [4] }),
      ).rejects.toThrow('An owner with the email first@admin.test exists already.');
    });
  });
}
