import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { OWNERS, ownerSession, type SiteUserVisitor, siteUserSession } from '../../../../test/auth-helpers.js';
import { demoItemIds, Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

// Issue 23, the product page's review form: a signed-in site user attaches photos to the review
// (the island's multipart post to the JSON call, with the XSRF header), and without JavaScript the
// same form posts itself (crumb and XSRF token as fields) and comes back to the product page's
// reviews with "awaits approval" or the server's reason. Photos are checked as on the mailed-link
// page (one code path); hostile posts (not pictures, too large, too many, forged, signed out, a
// note made up by someone else) change nothing.

let address = 40;
const from = () => ({ 'x-forwarded-for': `192.0.2.${++address}` });
const png = (color: string, size = 12) =>
  sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer();
const SENT = 'Thank you! Your review was received and appears here once the shop has approved it.';

type Photo = { bytes: Buffer; name: string; alt?: string };

for (const dialect of DIALECTS) {
  describe(`the product page's review form: photos and the plain form post (${dialect})`, () => {
    let ids: Record<string, string>;
    let slugs: string[];
    let users = 0;

    const suite = suiteServer(dialect, {}, { trustProxy: 1 });

    async function signedIn(): Promise<SiteUserVisitor> {
      const email = `form-reviewer-${++users}@example.com`;
      return siteUserSession(suite.server, { email, password: 'long-enough-password', firstName: 'Ines' });
    }

    /** A multipart post: the island's (`x-xsrf-token` header) or the plain form's (`xsrfToken` field). */
    async function multipart(
      user: Visitor,
      path: string,
      fields: Record<string, string>,
      photos: (Photo | null)[],
      headers: Record<string, string>,
    ) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      for (const photo of photos) {
        // null: an input left empty, as a browser sends it.
        form.append('photos', new Blob(photo ? [new Uint8Array(photo.bytes)] : []), photo?.name ?? '');
        form.append('photoAlt', photo?.alt ?? '');
      }
      const response = await fetch(suite.server.url + path, {
        method: 'POST',
        body: form,
        redirect: 'manual',
        headers: { cookie: [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...headers },
      });
      const text = await response.text();
      return {
        status: response.status,
        location: response.headers.get('location') ?? '',
        body: text.startsWith('{') ? JSON.parse(text) : text,
      };
    }

    const fields = (more: Record<string, string> = {}) => ({
      rating: '4',
      title: 'Sturdy and warm',
      body: 'Held up through a whole winter of use.',
      ...more,
    });
    /** The island's post: JSON call, crumb and XSRF headers. */
    const islandPost = (user: SiteUserVisitor, itemId: string, photos: (Photo | null)[], more = {}, client = from()) =>
      multipart(user, `/api/reviews/products/${itemId}`, fields(more), photos, {
        'x-csrf-token': user.cookies.get('crumb') ?? '',
        'x-xsrf-token': user.xsrfToken ?? '',
        ...client,
      });
    /** The plain form's post: crumb and XSRF token as fields, no headers. */
    const formPost = (user: Visitor, itemId: string, photos: (Photo | null)[], more = {}, client = from()) =>
      multipart(
        user,
        `/reviews/products/${itemId}`,
        {
          crumb: user.cookies.get('crumb') ?? '',
          xsrfToken: (user as SiteUserVisitor).xsrfToken ?? '',
          ...fields(more),
        },
        photos,
        client,
      );

    const reviewsOf = (itemId: string) =>
      suite.server.db.selectFrom('product_reviews').selectAll().where('item_id', '=', itemId).execute();
    const productPage = async (visitor: Visitor, path: string) => String((await visitor.get(path)).body);

    beforeAll(async () => {
      ids = await demoItemIds(suite.server);
      slugs = Object.keys(ids);
      const owner = await ownerSession(suite.server, OWNERS.storeManager);
      expect(
        (await owner.put('/api/config/reviews/settings', { enabled: true, anyUser: true, requestDelayDays: 0 })).status,
      ).toBe(200);
    });

    it('takes photos from the island’s multipart post, each with the alt text beside its input', async () => {
      const user = await signedIn();
      const itemId = ids[slugs[0]!]!;
      // The first input left empty: the second photo keeps its own alt text.
      const posted = await islandPost(user, itemId, [
        null,
        { bytes: await png('#884422'), name: 'scarf.png', alt: 'The scarf folded on a chair' },
      ]);
      expect(posted.status).toBe(201);
      expect(posted.body).toMatchObject({ status: 'pending' });
      const [row] = await reviewsOf(itemId);
      const photos = JSON.parse(row!.photos) as { key: string; alt: string }[];
      expect(photos).toEqual([
        { key: expect.stringMatching(/^review-photos\/.+\/1\.png$/), alt: 'The scarf folded on a chair' },
      ]);
      expect((await Visitor.of(suite.server).get(`/files/${photos[0]!.key}`)).status).toBe(200);
      // A second review of the same product by the same user is refused; another user's is their own.
      expect((await islandPost(user, itemId, [])).status).toBe(409);
      const other = await signedIn();
      expect((await islandPost(other, itemId, [{ bytes: await png('#113355'), name: 'b.png' }])).status).toBe(201);
      const rows = await reviewsOf(itemId);
      expect(rows).toHaveLength(2);
      expect(rows.find((r) => r.id === row!.id)?.photos).toBe(row!.photos);
    });

    it('refuses non-pictures, photos over 5 MB, more than four photos and forged posts, posting nothing', async () => {
      const user = await signedIn();
      const itemId = ids[slugs[1]!]!;
      const photo = await png('#336699');
      const notPicture = await islandPost(user, itemId, [
        { bytes: Buffer.from('<?php system($_GET["c"]); ?>'), name: 'shell.png' },
      ]);
      expect(notPicture.status).toBe(400);
      expect(notPicture.body).toMatchObject({
        error: 'unsupported-file',
        message: 'Photo 1 is not a picture. Add JPEG, PNG, WebP or GIF photos only.',
      });
      // Over the size limit: the parser stops reading, and the answer says why in the reviewer's words.
      const huge = await islandPost(user, itemId, [
        { bytes: Buffer.concat([photo, Buffer.alloc(5 * 1024 * 1024)]), name: 'huge.png' },
      ]);
      expect(huge.status).toBe(413);
      expect(huge.body).toEqual({ error: 'file-too-large', message: 'Each photo can be at most 5 MB.' });
      // Five files: the reader's "at most 4"; six: the parser stops at the fifth, same words.
      for (const count of [5, 6]) {
        const many = await islandPost(
          user,
          itemId,
          Array.from({ length: count }, (_, i) => ({ bytes: photo, name: `p${i}.png` })),
        );
        expect(many.status).toBe(400);
        expect(many.body).toMatchObject({
          error: 'unsupported-file',
          message: 'You can add at most 4 photos to a review.',
        });
      }
      // JSON cannot pass bytes off as a file.
      const json = await user.post(
        `/api/reviews/products/${itemId}`,
        { ...fields(), rating: 4, photos: { type: 'Buffer', data: [...photo] } },
        { headers: from() },
      );
      expect(json.status).toBe(400);
      expect(json.body.message).toBe('Photo 1 is not a picture. Add JPEG, PNG, WebP or GIF photos only.');
      // Without the XSRF header, the crumb, or a session.
      const good = [{ bytes: photo, name: 'ok.png' }];
      const noXsrf = await multipart(user, `/api/reviews/products/${itemId}`, fields(), good, {
        'x-csrf-token': user.cookies.get('crumb') ?? '',
        ...from(),
      });
      expect(noXsrf.status).toBe(403);
      expect(noXsrf.body.error).toBe('xsrf-fail');
      const noCrumb = await multipart(user, `/api/reviews/products/${itemId}`, fields(), good, {
        'x-xsrf-token': user.xsrfToken ?? '',
        ...from(),
      });
      expect(noCrumb.status).toBe(403);
      expect(noCrumb.body.error).toBe('crumb-fail');
      const visitor = Visitor.of(suite.server);
      const signedOut = await multipart(visitor, `/api/reviews/products/${itemId}`, fields(), good, {
        'x-csrf-token': visitor.cookies.get('crumb') ?? '',
        ...from(),
      });
      expect(signedOut.status).toBe(401);
      expect(await reviewsOf(itemId)).toEqual([]);
    });

    it('shows a signed-in user a form that posts without JavaScript, then "awaits approval" on the product page', async () => {
      const user = await signedIn();
      const slug = slugs[2]!;
      const itemId = ids[slug]!;
      const path = `/shop/p/${slug}`;
      const page = await productPage(user, path);
      const form = /<form class="review-form review-write__form"[^>]*>/.exec(page)?.[0] ?? '';
      expect(form).toContain(`action="/reviews/products/${itemId}"`);
      expect(form).toContain('method="post"');
      expect(form).toContain('enctype="multipart/form-data"');
      expect(form).not.toMatch(/\shidden[\s>]/);
      expect(form).not.toContain('novalidate');
      expect(page).toContain(`name="crumb" value="${user.cookies.get('crumb')}"`);
      expect(page).toContain(`name="xsrfToken" value="${user.xsrfToken}"`);
      expect(page.match(/name="photos" type="file"/g)).toHaveLength(4);
      expect(page).not.toContain('Turn on JavaScript');

      const posted = await formPost(user, itemId, [
        { bytes: await png('#aa2200'), name: 'mug.png', alt: 'The mug, steaming' },
        null,
      ]);
      expect(posted.status).toBe(303);
      const back = new URL(posted.location, suite.server.url);
      expect(back.pathname).toBe(path);
      expect(back.hash).toBe('#reviews');
      expect(back.searchParams.get('review')).toBe('sent');
      const [row] = await reviewsOf(itemId);
      expect(row).toMatchObject({ status: 'pending', rating: 4, title: 'Sturdy and warm', author_name: 'Ines' });
      expect(JSON.parse(row!.photos)).toEqual([{ key: expect.any(String), alt: 'The mug, steaming' }]);
      const after = await productPage(user, `${back.pathname}${back.search}`);
      expect(after).toContain(`<p class="product-reviews__sent" role="status">${SENT}</p>`);
      expect(after).not.toContain('data-island="review-form"');
      // The same address for anyone else, or without the signature, says nothing.
      expect(await productPage(await signedIn(), `${back.pathname}${back.search}`)).not.toContain(SENT);
      expect(await productPage(user, `${path}?review=sent`)).not.toContain(SENT);
    });

    it('comes back with the server’s reason for a refused plain post, and only the poster sees it', async () => {
      const user = await signedIn();
      const slug = slugs[3]!;
      const itemId = ids[slug]!;
      const reasonAfter = async (answer: { status: number; location: string }, visitor: Visitor = user) => {
        expect(answer.status).toBe(303);
        const back = new URL(answer.location, suite.server.url);
        expect(back.hash).toBe('#reviews');
        const page = await productPage(visitor, `${back.pathname}${back.search}`);
        return /<p class="form-error review-write__error" role="alert">([^<]*)<\/p>/.exec(page)?.[1];
      };
      expect(await reasonAfter(await formPost(user, itemId, [], { body: 'Too short' }))).toBe(
        'Please write at least 10 characters about the product.',
      );
      expect(await reasonAfter(await formPost(user, itemId, [], { rating: '9', title: '' }))).toBe(
        'Choose a rating from 1 to 5 stars. Please give your review a title.',
      );
      expect(
        await reasonAfter(
          await formPost(user, itemId, [{ bytes: Buffer.from('GIF89a but not really'), name: 'a.gif' }]),
        ),
      ).toBe('Photo 1 is not a picture. Add JPEG, PNG, WebP or GIF photos only.');
      const huge = Buffer.concat([await png('#000000'), Buffer.alloc(5 * 1024 * 1024)]);
      const tooLarge = await formPost(user, itemId, [{ bytes: huge, name: 'big.png' }]);
      expect(await reasonAfter(tooLarge)).toBe('Each photo can be at most 5 MB.');
      // Another signed-in user opening the refusal's address sees a plain form, not the note.
      expect(await reasonAfter(tooLarge, await signedIn())).toBeUndefined();
      // A note made up by someone else is not shown.
      const forged = `/shop/p/${slug}?review=refused&reviewNote=Call%20555-0100%20to%20verify&reviewSig=AAAA#reviews`;
      expect(await productPage(user, forged)).not.toContain('555-0100');
      expect(await reviewsOf(itemId)).toEqual([]);

      // From the fourth post of an address in an hour a captcha is due, which needs JavaScript: the reason says so.
      const client = from();
      for (let i = 0; i < 3; i++) {
        const counted = await user.post(
          '/api/reviews/products/no-such-product',
          { ...fields(), rating: 5 },
          { headers: client },
        );
        expect(counted.status).toBe(404);
      }
      expect(await reasonAfter(await formPost(user, itemId, [], {}, client))).toBe(
        'You have sent several reviews in a short time. Complete CAPTCHA before submitting.',
      );
      expect(await reviewsOf(itemId)).toEqual([]);
    });

    it('answers forged and signed-out plain posts without posting anything', async () => {
      const user = await signedIn();
      const slug = slugs[4]!;
      const itemId = ids[slug]!;
      const noCrumb = await formPost(user, itemId, [], { crumb: '' });
      expect(noCrumb.status).toBe(403);
      expect(noCrumb.body.error).toBe('crumb-fail');
      const wrongXsrf = await formPost(user, itemId, [], { xsrfToken: 'not-the-token' });
      expect(wrongXsrf.status).toBe(403);
      expect(wrongXsrf.body.error).toBe('xsrf-fail');
      // A visitor with no session is sent to sign in, and back to the reviews afterwards.
      const signedOut = await formPost(Visitor.of(suite.server), itemId, []);
      expect(signedOut.status).toBe(303);
      expect(signedOut.location).toBe(`/account/login?next=%2Fshop%2Fp%2F${slug}%23reviews`);
      expect((await formPost(user, 'no-such-product', [])).status).toBe(404);
      expect(await reviewsOf(itemId)).toEqual([]);

      // The plain form shares the JSON call's review-post limit (10 per address in 10 minutes); over it,
      // the post goes back to the page with the reason too.
      const client = from();
      for (let i = 0; i < 10; i++)
        expect((await formPost(user, itemId, [], { body: 'short' }, client)).status).toBe(303);
      const limited = await formPost(user, itemId, [], {}, client);
      expect(limited.status).toBe(303);
      expect(new URL(limited.location, suite.server.url).searchParams.get('reviewNote')).toBe(
        'Please try again in a few seconds.',
      );
      expect(await reviewsOf(itemId)).toEqual([]);
    });
  });
}
