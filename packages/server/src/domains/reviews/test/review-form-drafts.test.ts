import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_CAPTCHA_MESSAGES } from '../captcha-gate.js';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { OWNERS, ownerSession, type SiteUserVisitor, siteUserSession } from '../../../../test/auth-helpers.js';
import { demoItemIds, type Visitor } from '../../../../test/visitor.js';

// Issue 23, the review form without JavaScript: a refused post comes back to the product page with
// what was typed filled in again (escaped: the page is not a place to reflect markup), for the same
// signed-in user and product only; past the captcha threshold the page asks a question a person
// answers without scripts, whose answer passes the captcha once.

let address = 0;
const client = () => ({ 'x-forwarded-for': `203.0.113.${++address}` });
const SENT = 'Thank you! Your review was received and appears here once the shop has approved it.';
const HOSTILE_TITLE = '"><script>alert(1)</script>';
const HOSTILE_BODY = '</textarea><img src=x onerror=alert(2)> & more words';

for (const dialect of DIALECTS) {
  describe(`the review form without JavaScript keeps what was typed and asks its own captcha (${dialect})`, () => {
    let server: TestServer;
    let ids: string[];
    let users = 0;

    beforeAll(async () => {
      server = await startTestServer({ dialect, config: { trustProxy: 1 } });
      ids = Object.values(await demoItemIds(server));
      const owner = await ownerSession(server, OWNERS.storeManager);
      const saved = await owner.put('/api/config/reviews/settings', {
        enabled: true,
        anyUser: true,
        requestDelayDays: 0,
      });
      expect(saved.status).toBe(200);
    });
    afterAll(async () => {
      await server?.close();
    });

    const signedIn = (): Promise<SiteUserVisitor> =>
      siteUserSession(server, {
        email: `draft-reviewer-${++users}@example.com`,
        password: 'long-enough-password',
        firstName: 'Dora',
      });

    /** The plain form's multipart post (crumb and XSRF token as fields); answers status and where it goes. */
    async function formPost(
      user: SiteUserVisitor,
      itemId: string,
      fields: Record<string, string>,
      from: Record<string, string>,
      photo?: { bytes: Buffer; name: string },
    ) {
      const form = new FormData();
      form.append('crumb', user.cookies.get('crumb') ?? '');
      form.append('xsrfToken', user.xsrfToken ?? '');
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      if (photo) form.append('photos', new Blob([new Uint8Array(photo.bytes)]), photo.name);
      const response = await fetch(`${server.url}/reviews/products/${itemId}`, {
        method: 'POST',
        body: form,
        redirect: 'manual',
        headers: { cookie: [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...from },
      });
      await response.text();
      return { status: response.status, location: response.headers.get('location') ?? '' };
    }
    const page = async (visitor: Visitor, location: string) => String((await visitor.get(location)).body);
    const formOf = (html: string) => /<form class="review-form[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
    const reviewsBy = (itemId: string, email: string) =>
      server.db
        .selectFrom('product_reviews')
        .selectAll()
        .where('item_id', '=', itemId)
        .where('author_key', '=', email)
        .execute();

    it('a refused post comes back with the rating, title, text and name typed, escaped', async () => {
      const user = await signedIn();
      const itemId = ids[0]!;
      const refused = await formPost(
        user,
        itemId,
        { rating: '2', title: HOSTILE_TITLE, body: HOSTILE_BODY, name: 'Dora & "Co"' },
        client(),
        { bytes: Buffer.from('not a picture'), name: 'x.png' },
      );
      expect(refused.status).toBe(303);
      const url = new URL(refused.location, server.url);
      expect(url.searchParams.get('review')).toBe('refused');
      expect(url.searchParams.get('reviewDraft')).toMatch(/^\w+$/);
      const html = await page(user, refused.location);
      const form = formOf(html);
      expect(form).toContain('Photo 1 is not a picture.');
      expect(form).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
      expect(form).toContain('&lt;/textarea&gt;&lt;img src=x onerror=alert(2)&gt; &amp; more words</textarea>');
      expect(form).toContain('value="Dora &amp; &quot;Co&quot;"');
      expect(form).toMatch(/value="2" checked>/);
      expect(form.match(/ checked>/g)).toHaveLength(1);
      expect(form).toContain('Photos are not kept when a review is refused: choose them again.');
      expect(html).not.toContain('<script>alert(1)');
      expect(html).not.toContain('<img src=x');
      // No question unless a captcha was due.
      expect(form).not.toContain('name="captchaAnswer"');

      // Another signed-in user following the same link sees none of it (the note is not theirs).
      const other = await signedIn();
      const theirs = formOf(await page(other, refused.location));
      expect(theirs).not.toContain('alert(1)');
      expect(theirs).not.toContain('Photo 1 is not a picture.');
      // A link of one's own with someone else's draft id in it: the signature covers the id, so nothing shows.
      const ownRefusal = await formPost(other, itemId, { rating: '5', title: 'Mine', body: 'short' }, client());
      const forged = new URL(ownRefusal.location, server.url);
      expect(formOf(await page(other, forged.pathname + forged.search))).toContain('Please write at least 10');
      forged.searchParams.set('reviewDraft', url.searchParams.get('reviewDraft')!);
      const swapped = formOf(await page(other, forged.pathname + forged.search));
      expect(swapped).not.toContain('alert(1)');
      expect(swapped).not.toContain('Please write at least 10');
    });

    it('past the threshold the page asks a question; its answer passes once, a wrong or reused one does not', async () => {
      const user = await signedIn();
      const email = `draft-reviewer-${users}@example.com`;
      const from = client();
      // Three posts from this address already (to a product that is not there).
      for (let i = 0; i < 3; i++) {
        const warm = await user.request('POST', '/api/reviews/products/no-such-product', {
          body: { rating: 5, title: 'Warm-up', body: 'Counting towards the captcha.' },
          headers: from,
        });
        expect(warm.status).toBe(404);
      }
      const typed = { rating: '5', title: 'Soft and sturdy', body: 'Survived a year of daily use without a tear.' };
      const first = await formPost(user, ids[1]!, typed, from);
      const refusedUrl = new URL(first.location, server.url);
      expect(refusedUrl.searchParams.get('reviewNote')).toBe(REVIEW_CAPTCHA_MESSAGES.required);
      const form = formOf(await page(user, first.location));
      expect(form).toContain('value="Soft and sturdy"');
      const question = /Spam check: What is (\d+) plus (\d+)\?/.exec(form);
      expect(question).not.toBeNull();
      const token = /name="captchaToken" value="([^"]+)"/.exec(form)![1]!;
      const answer = String(Number(question![1]) + Number(question![2]));

      // A wrong answer: refused, and a new question on the page.
      const wrong = await formPost(user, ids[1]!, { ...typed, captchaToken: token, captchaAnswer: '999' }, from);
      expect(new URL(wrong.location, server.url).searchParams.get('reviewNote')).toBe(REVIEW_CAPTCHA_MESSAGES.invalid);
      const again = formOf(await page(user, wrong.location));
      expect(/name="captchaToken" value="([^"]+)"/.exec(again)![1]).not.toBe(token);
      expect(await reviewsBy(ids[1]!, email)).toEqual([]);

      // The right answer: sent.
      const sent = await formPost(user, ids[1]!, { ...typed, captchaToken: token, captchaAnswer: ` ${answer} ` }, from);
      expect(new URL(sent.location, server.url).searchParams.get('review')).toBe('sent');
      expect(await page(user, sent.location)).toContain(SENT);
      expect(await reviewsBy(ids[1]!, email)).toMatchObject([
        { rating: 5, title: 'Soft and sturdy', status: 'pending' },
      ]);

      // The same answer again, for another product: already used.
      const replay = await formPost(user, ids[2]!, { ...typed, captchaToken: token, captchaAnswer: answer }, from);
      expect(new URL(replay.location, server.url).searchParams.get('reviewNote')).toBe(
        REVIEW_CAPTCHA_MESSAGES.replayed,
      );
      expect(await reviewsBy(ids[2]!, email)).toEqual([]);
    });
  });
}
