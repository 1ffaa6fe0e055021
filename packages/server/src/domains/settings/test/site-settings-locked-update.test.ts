// Issue 16: every write of a site's settings JSON goes through one locked update
// (domains/settings/settings-repository.ts), so saves of different parts at once all keep their part,
// on one process and across two processes of one database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSiteSettings } from '../settings-repository.js';
import { DIALECTS } from '../../../testing.js';
import { OWNERS, ownerSession } from '../../../../test/auth-helpers.js';
import { startTwoNodes } from '../../../../test/cluster-helpers.js';
import type { Visitor } from '../../../../test/visitor.js';

const ROUNDS = 8;

for (const dialect of DIALECTS) {
  describe(`site settings saved at the same moment (${dialect})`, () => {
    let nodes: Awaited<ReturnType<typeof startTwoNodes>>;
    let adminOnA: Visitor;
    let editorOnB: Visitor;

    beforeAll(async () => {
      nodes = await startTwoNodes(dialect);
      adminOnA = await ownerSession(nodes.a, OWNERS.admin);
      editorOnB = await ownerSession(nodes.b, OWNERS.editor);
    });
    afterAll(async () => {
      await nodes?.close();
    });

    async function stored() {
      const row = await nodes.a.db.selectFrom('sites').select('settings').executeTakeFirstOrThrow();
      return parseSiteSettings(row.settings).website ?? {};
    }

    it('keeps header/footer saves and settings saves made at once, on two processes', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const answers = await Promise.all([
          ...[0, 1, 2].map((n) =>
            editorOnB.put('/api/site-header-footer', {
              header: { announcement: `Announcement ${round}.${n}` },
              footer: { text: `Footer ${round}`, links: [] },
            }),
          ),
          ...[0, 1, 2].map((n) => adminOnA.put('/api/config/settings', { disqusShortname: `round-${round}-${n}` })),
          adminOnA.put('/api/multilingual/languages', {
            languages: [
              { code: 'en', name: 'English' },
              { code: 'fr', name: `Français ${round}` },
            ],
          }),
        ]);
        expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
        // Each part holds one of this round's values: no save wrote back an older copy over another.
        const website = await stored();
        expect(JSON.stringify(website.headerFooter)).toContain(`"announcement":"Announcement ${round}.`);
        expect(String(website.disqusShortname)).toMatch(new RegExp(`^round-${round}-\\d$`));
        expect(JSON.stringify(website.multilingual)).toContain(`Français ${round}`);
      }
    });

    it('keeps both parts when the same process answers both saves', async () => {
      const adminOnB = await ownerSession(nodes.b, { ...OWNERS.admin, email: 'admin-b@owners.test' });
      for (let round = 0; round < ROUNDS; round++) {
        await Promise.all([
          editorOnB.put('/api/site-header-footer', {
            header: { announcement: `Same node ${round}` },
            footer: { text: '', links: [] },
          }),
          adminOnB.put('/api/config/settings', { disqusShortname: `same-${round}` }),
        ]);
        const website = await stored();
        expect(website.headerFooter).toMatchObject({ header: { announcement: `Same node ${round}` } });
        expect(website.disqusShortname).toBe(`same-${round}`);
      }
    });
  });
}

describe('parseSiteSettings', () => {
  it('reads objects and drops parts that are not', () => {
    expect(parseSiteSettings('{"website":{"a":1},"store":{"b":2},"x":3}')).toEqual({
      website: { a: 1 },
      store: { b: 2 },
      x: 3,
    });
    expect(parseSiteSettings('{"website":3,"store":[1]}')).toEqual({});
    expect(parseSiteSettings('[1,2]')).toEqual({});
    expect(parseSiteSettings('not json')).toEqual({});
    expect(parseSiteSettings(null)).toEqual({});
    expect(parseSiteSettings('')).toEqual({});
  });
});
