import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../../../storefront/src/islands/forms/captcha-solver.js';
import { DIALECTS } from '../../../testing.js';
import { OWNERS, ownerSession, type SiteUserVisitor, siteUserSession } from '../../../../test/auth-helpers.js';
import { demoItemIds, Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

// Issue 23, second part: photos on reviews (at most 4, pictures only, checked like uploads, shown
// with alt text, removed with the review, seen by the owner), the "With photos" sort, and the
// captcha that a review post needs after a few posts from one address.

let address = 100;
const from = () => ({ 'x-forwarded-for': `198.51.100.${++address}` });
const png = (color: string) =>
  sharp({ create: { width: 12, height: 12, channels: 3, background: color } })
    .png()
    .toBuffer();

for (const dialect of DIALECTS) {
  describe(`review photos, sort and captcha (${dialect})`, () => {
    let owner: Visitor;
    let ids: Record<string, string>;
    let products: string[];
    let users = 0;

    const suite = suiteServer(dialect, {}, { trustProxy: 1 });

    async function buyer(): Promise<SiteUserVisitor> {
      const email = `photo-buyer-${++users}@example.com`;
      return siteUserSession(suite.server, {
        email,
        password: 'long-enough-password',
        verified: true,
        firstName: 'Pia',
      });
    }

    /** A multipart review post as the storefront's form sends it. */
    async function post(
      user: SiteUserVisitor,
      itemId: string,
      fields: Record<string, string>,
      files: { bytes: Buffer; name: string; alt?: string }[],
      headers: Record<string, string> = from(),
    ) {
      const form = new FormData();
      for (const [k, v] of Object.entries({
        rating: '5',
        title: 'Looks great',
        body: 'The colour is just as shown.',
        ...fields,
      }))
        form.append(k, v);
      for (const file of files) {
        form.append('photos', new Blob([new Uint8Array(file.bytes)]), file.name);
        form.append('photoAlt', file.alt ?? '');
      }
      const response = await fetch(`${suite.server.url}/api/reviews/products/${itemId}`, {
        method: 'POST',
        body: form,
        headers: {
          cookie: [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-csrf-token': user.cookies.get('crumb') ?? '',
          'x-xsrf-token': user.xsrfToken ?? '',
          ...headers,
        },
      });
      const text = await response.text();
      return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : text };
    }

    const rowOf = (reviewId: string) =>
      suite.server.db.selectFrom('product_reviews').selectAll().where('id', '=', reviewId).executeTakeFirstOrThrow();

    beforeAll(async () => {
      ids = await demoItemIds(suite.server);
      products = Object.values(ids);
      owner = await ownerSession(suite.server, OWNERS.storeManager);
      expect(
        (await owner.put('/api/config/reviews/settings', { enabled: true, anyUser: true, requestDelayDays: 0 })).status,
      ).toBe(200);
    });

    it('refuses more than four photos, files that are not pictures, and photos over the size limit', async () => {
      const user = await buyer();
      const photo = await png('#336699');
      const five = await post(
        user,
        products[0]!,
        {},
        Array.from({ length: 5 }, (_, i) => ({ bytes: photo, name: `p${i}.png` })),
      );
      expect(five.status).toBe(400);
      expect(five.body.message).toBe('You can add at most 4 photos to a review.');
      const text = await post(user, products[0]!, {}, [
        { bytes: Buffer.from('<svg onload="x()"></svg>'), name: 'cat.png' },
      ]);
      expect(text.status).toBe(400);
      expect(text.body.message).toContain('not a picture');
      const big = Buffer.concat([photo, Buffer.alloc(5 * 1024 * 1024 + 1)]);
      const tooBig = await post(user, products[0]!, {}, [{ bytes: big, name: 'big.png' }]);
      expect(tooBig.status).toBe(413);
      expect(
        await suite.server.db.selectFrom('product_reviews').select('id').where('item_id', '=', products[0]!).execute(),
      ).toEqual([]);
    });

    it('stores photos, shows them with alt text once approved, sorts "With photos", and removes them with the review', async () => {
      const withPhoto = await buyer();
      const posted = await post(withPhoto, products[1]!, { rating: '2' }, [
        { bytes: await png('#cc3300'), name: 'red.png', alt: 'The red mug on a shelf' },
        { bytes: await png('#00cc33'), name: 'green.webp.png' },
      ]);
      expect(posted.status).toBe(201);
      const plain = await buyer();
      const other = await post(plain, products[1]!, { rating: '5', title: 'No pictures here' }, []);
      expect(other.status).toBe(201);
      const row = await rowOf(posted.body.reviewId);
      const photos = JSON.parse(row.photos) as { key: string; alt: string }[];
      expect(photos).toHaveLength(2);
      expect(photos[0]!.alt).toBe('The red mug on a shelf');
      expect(photos[1]!.alt).toMatch(/^Customer photo 2 of /);
      const file = await Visitor.of(suite.server).get(`/files/${photos[0]!.key}`);
      expect(file.status).toBe(200);
      // The owner sees the photos in the reviews panel's list.
      const listed = await owner.get('/api/config/reviews?status=pending');
      const mine = listed.body.reviews.find((r: { id: string }) => r.id === posted.body.reviewId);
      expect(mine.photos.map((p: { alt: string }) => p.alt)).toContain('The red mug on a shelf');
      for (const id of [posted.body.reviewId, other.body.reviewId])
        expect((await owner.put(`/api/config/reviews/${id}/status`, { status: 'approved' })).status).toBe(200);

      const slug = Object.keys(ids).find((key) => ids[key] === products[1])!;
      const html = String((await Visitor.of(suite.server).get(`/shop/p/${slug}`)).body);
      expect(html).toContain('alt="The red mug on a shelf"');
      expect(html).toContain(`src="/files/${photos[0]!.key}?format=100w"`);
      expect(html).toContain('With photos');
      const sorted = await Visitor.of(suite.server).get(`/api/reviews/products/${products[1]}?sort=photos`);
      expect(sorted.status).toBe(200);
      expect(sorted.body.reviews.map((r: { id: string }) => r.id)).toEqual([posted.body.reviewId]);
      const newest = await Visitor.of(suite.server).get(`/api/reviews/products/${products[1]}?sort=newest`);
      expect(newest.body.reviews).toHaveLength(2);
      const photosPage = String((await Visitor.of(suite.server).get(`/shop/p/${slug}?reviews=photos`)).body);
      const list = /<ol class="product-reviews__list">([\s\S]*?)<\/ol>/.exec(photosPage)![1]!;
      expect(list).toContain('Looks great');
      expect(list).not.toContain('No pictures here');
      expect((await Visitor.of(suite.server).get(`/api/reviews/products/${products[1]}?sort=oldest`)).status).toBe(400);

      // The shop grid shows each product's stars, from one query for the whole grid.
      const grid = String((await Visitor.of(suite.server).get('/shop')).body);
      expect(grid).toContain('3.5 out of 5 stars, 2 reviews');
      expect(grid).toContain('★★★★☆');

      // Deleting is the owner's, of their site only; it removes the photos from storage.
      expect(
        (await Visitor.of(suite.server).request('DELETE', `/api/config/reviews/${posted.body.reviewId}`)).status,
      ).toBe(401);
      expect((await owner.request('DELETE', `/api/config/reviews/${posted.body.reviewId}`)).status).toBe(200);
      expect((await Visitor.of(suite.server).get(`/files/${photos[0]!.key}`)).status).toBe(404);
      expect(await suite.server.app.fileStorage.head(photos[1]!.key)).toBeUndefined();
      expect((await owner.request('DELETE', `/api/config/reviews/${posted.body.reviewId}`)).status).toBe(404);
      expect(String((await Visitor.of(suite.server).get(`/shop/p/${slug}`)).body)).not.toContain(
        'The red mug on a shelf',
      );
    });

    it('asks for a solved captcha after three posts from one address, once per solution', async () => {
      const client = from();
      const answers: number[] = [];
      for (let i = 0; i < 3; i++) answers.push((await post(await buyer(), products[2 + i]!, {}, [], client)).status);
      expect(answers).toEqual([201, 201, 201]);
      const user = await buyer();
      const refused = await post(user, products[2]!, {}, [], client);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error: 'captcha-required',
        message: 'You have sent several reviews in a short time. Complete CAPTCHA before submitting.',
        captchaRequired: true,
      });
      const wrong = await post(user, products[2]!, { captchaKey: 'bm90IGEgY2FwdGNoYQ==' }, [], client);
      expect(wrong.body.error).toBe('captcha-invalid');
      const challenge = await Visitor.of(suite.server).get('/api/form/captcha-challenge');
      const captchaKey = (await solveCaptcha(challenge.body, { yieldToPage: async () => {} }))!;
      const accepted = await post(user, products[2]!, { captchaKey }, [], client);
      expect(accepted.status).toBe(201);
      const replay = await post(await buyer(), products[3]!, { captchaKey }, [], client);
      expect(replay.status).toBe(409);
      expect(replay.body.error).toBe('captcha-replayed');
      // Another address is not affected.
      expect((await post(await buyer(), products[3]!, {}, [], from())).status).toBe(201);
    });
  });
}
