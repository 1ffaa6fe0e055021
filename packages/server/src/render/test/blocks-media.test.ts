import { BlockType, ProductType, WebsiteRole } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing.js';
import { Visitor } from '../../../test/visitor.js';
import { suiteServer } from '../../../test/suite-server.js';

// The product, album (with its cover), tour dates, link and social links blocks (issue 23) as
// visitors get them: an owner publishes a page holding each through the editor API and the server
// renders them all without any script. A draft product renders nothing; an album past 60 tracks is refused.

const block = (id: string, type: number, content: Record<string, unknown>, settings = {}) => ({
  id,
  type,
  settings,
  content,
});
const track = (n: number) => ({ title: `Song ${n}`, url: `/files/song-${n}.mp3`, duration: '3:05' });

for (const dialect of DIALECTS) {
  describe(`media and link blocks on a published page (${dialect})`, () => {
    const suite = suiteServer(dialect, {
      owner: { email: 'media@owners.test', password: 'media-password', roles: [WebsiteRole.ADMIN] },
    });

    async function newProduct(title: string, status: 'published' | 'draft'): Promise<string> {
      const created = await suite.owner.post('/api/config/products', {
        title,
        status,
        productType: ProductType.PHYSICAL,
        variants: [{ price: 2500, qtyInStock: 5 }],
      });
      expect(created.status).toBe(201);
      return created.body.id as string;
    }

    it('renders each block server-side: product, album players, split tour dates, link and social marks', async () => {
      const shown = await newProduct('Tour Poster', 'published');
      const hidden = await newProduct('Secret Vinyl', 'draft');
      const created = await suite.owner.post('/api/config/pages', { title: 'Band Page' });
      const pageId = created.body.page.id as string;
      const blocks = [
        block('bProd', BlockType.PRODUCT, { productId: shown, buttonLabel: 'Buy the poster' }),
        block('bDraft', BlockType.PRODUCT, { productId: hidden }),
        block('bGone', BlockType.PRODUCT, { productId: 'no-such-product' }),
        block('bAlbum', BlockType.ALBUM, {
          title: 'Night Drive',
          artist: 'The Lanterns',
          cover: { assetUrl: '/files/night-drive.jpg', altText: 'Headlights on a wet road', originalSize: '1200x1200' },
          tracks: [track(1), { title: 'Hidden', url: 'javascript:alert(1)' }, track(2)],
        }),
        // Addresses a browser reads outside the site's files (/files/%2e%2e/… is fetched as /…): left out.
        block('bAlbumOut', BlockType.ALBUM, {
          title: 'Way Out',
          cover: { assetUrl: '/files/%2e%2e/api/config/x.jpg', altText: 'Out', originalSize: '10x10' },
          tracks: [
            { title: 'Dots', url: '/files/.%2E/api/config/x.mp3' },
            { title: 'Back', url: '/files/a\\..\\x.mp3' },
            track(3),
          ],
        }),
        block('bTour', BlockType.TOUR_DATES, {
          title: 'On the road',
          dates: [
            { date: '2099-05-02', venue: 'Music Hall', city: 'Boston', ticketUrl: 'javascript:alert(1)' },
            { date: '2099-05-01', venue: 'The Barn', city: 'Troy', ticketUrl: 'https://tickets.example/barn' },
            { date: '2099-06-01', venue: 'Old Mill', soldOut: true, ticketUrl: 'https://tickets.example/mill' },
            { date: '2020-01-10', venue: 'Corner Club', city: 'Albany', ticketUrl: 'https://tickets.example/old' },
          ],
        }),
        block('bLink', BlockType.LINK, { title: 'Read our story', url: '/about', description: 'How we started' }),
        block('bBad', BlockType.LINK, { title: 'Bad', url: 'javascript:alert(1)' }),
        block('bSocial', BlockType.SOCIAL_LINKS, {
          links: [
            { url: 'https://www.instagram.com/lanterns' },
            { url: 'https://lanterns.bandcamp.com', label: 'Music' },
          ],
        }),
      ];
      expect((await suite.owner.put(`/api/config/pages/${pageId}/draft`, { sections: [{ blocks }] })).status).toBe(200);
      const published = await suite.owner.post(`/api/config/pages/${pageId}/publish`, {});
      expect(published.status).toBe(200);

      const page = await Visitor.of(suite.server).get(`/${published.body.summary.slug}`);
      expect(page.status).toBe(200);
      const html = String(page.body);

      // Product: one block, the published product with its price and a link to its page.
      expect(html.match(/block--product/g)).toHaveLength(1);
      const product = html.slice(html.indexOf('block--product'), html.indexOf('block--album'));
      expect(product).toContain('<a href="/shop/p/tour-poster">Tour Poster</a>');
      expect(product).toContain('<span class="sqs-money-native">25.00</span>');
      // One variant in stock: the button adds it to the cart, labelled as the owner set it.
      expect(product).toContain('<form class="product-block__form" method="post" action="/cart/add">');
      expect(product).toContain('<span class="sqs-add-to-cart-button-inner">Buy the poster</span>');
      expect(html).not.toContain('Secret Vinyl');

      // Album: a native player per usable track, labelled by its caption.
      expect(html).toContain('<h2 class="album__title" id="block-1-4-title">Night Drive</h2>');
      const players = html.match(
        /<audio class="album__audio" controls preload="none" src="([^"]+)" aria-labelledby="([^"]+)"/g,
      );
      expect(players).toEqual([
        '<audio class="album__audio" controls preload="none" src="/files/song-1.mp3" aria-labelledby="block-1-4-track-1"',
        '<audio class="album__audio" controls preload="none" src="/files/song-2.mp3" aria-labelledby="block-1-4-track-2"',
        // The second album keeps only its track among the site's files.
        '<audio class="album__audio" controls preload="none" src="/files/song-3.mp3" aria-labelledby="block-1-5-track-1"',
      ]);
      expect(html).toMatch(
        /id="block-1-4-track-2"><span class="album__number">2\.<\/span> <span class="album__name">Song 2<\/span>/,
      );
      expect(html).not.toContain('javascript:');
      expect(html).toContain('Way Out');
      expect(html.toLowerCase()).not.toContain('%2e');
      expect(html).not.toMatch(/alt="Out"|\\\.\./);
      // Its cover: the owner's picture with its alt text, size, srcset for the 160 px it is shown at, lazy.
      const srcset = [100, 300, 500, 750, 1000].map((w) => `/files/night-drive.jpg?format=${w}w ${w}w`);
      expect(html).toContain(
        `<img class="album__cover" src="/files/night-drive.jpg?format=500w" srcset="${[...srcset, '/files/night-drive.jpg?format=original 1200w'].join(', ')}" sizes="160px" width="1200" height="1200" alt="Headlights on a wet road" loading="lazy">`,
      );

      // Tour dates: upcoming soonest first with safe ticket links, sold out without one, past apart.
      const tour = html.slice(html.indexOf('block--tourdates'), html.indexOf('block--link'));
      const upcoming = tour.slice(tour.indexOf('tour-dates__list--upcoming'), tour.indexOf('tour-dates__list--past'));
      expect([...upcoming.matchAll(/datetime="([\d-]+)"/g)].map((m) => m[1])).toEqual([
        '2099-05-01',
        '2099-05-02',
        '2099-06-01',
      ]);
      expect([...upcoming.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual(['https://tickets.example/barn']);
      expect(upcoming).toContain('<span class="tour-dates__sold-out">Sold out</span>');
      const past = tour.slice(tour.indexOf('tour-dates__list--past'));
      expect(past).toContain('Corner Club');
      expect(past).not.toContain('href=');

      // Link and social links.
      expect(html).toContain('<a class="link-block__card" href="/about">');
      expect(html.match(/block--link/g)).toHaveLength(1);
      expect(html).toMatch(
        /social-links__link--instagram" href="https:\/\/www\.instagram\.com\/lanterns" rel="noopener me"><span class="social-links__mark" aria-hidden="true">IG<\/span><span class="social-links__name">Instagram<\/span>/,
      );
      expect(html).toContain('<span class="social-links__name">Music</span>');
    });

    it('adds a simple product from its block without JavaScript; variants link to the product page; sold out is disabled', async () => {
      const simple = await newProduct('Sticker Sheet', 'published');
      const variants = await suite.owner.post('/api/config/products', {
        title: 'Block Tee',
        status: 'published',
        productType: ProductType.PHYSICAL,
        variantOptionOrdering: ['Size'],
        variants: [
          { sku: 'BT-S', attributes: { Size: 'S' }, price: 3000, qtyInStock: 2 },
          { sku: 'BT-M', attributes: { Size: 'M' }, price: 3000, qtyInStock: 2 },
        ],
      });
      expect(variants.status).toBe(201);
      const soldOut = await suite.owner.post('/api/config/products', {
        title: 'Gone Mug',
        status: 'published',
        productType: ProductType.PHYSICAL,
        variants: [{ price: 1500, qtyInStock: 0 }],
      });
      expect(soldOut.status).toBe(201);
      const created = await suite.owner.post('/api/config/pages', { title: 'Shop Window' });
      const pageId = created.body.page.id as string;
      const blocks = [
        block('bSimple', BlockType.PRODUCT, { productId: simple }),
        block('bTee', BlockType.PRODUCT, { productId: variants.body.id }),
        block('bMug', BlockType.PRODUCT, { productId: soldOut.body.id }),
      ];
      expect((await suite.owner.put(`/api/config/pages/${pageId}/draft`, { sections: [{ blocks }] })).status).toBe(200);
      const published = await suite.owner.post(`/api/config/pages/${pageId}/publish`, {});
      expect(published.status).toBe(200);
      const path = `/${published.body.summary.slug}`;

      const visitor = Visitor.of(suite.server);
      const html = String((await visitor.get(path)).body);
      const cardOf = (title: string) => {
        const at = html.indexOf(`>${title}</a>`);
        expect(at).toBeGreaterThan(-1);
        const end = html.indexOf('block--product', at);
        return html.slice(html.lastIndexOf('block--product', at), end === -1 ? undefined : end);
      };
      const crumb = visitor.cookies.get('crumb') ?? '';

      // The simple product: a plain form to the product page's cart route, with its fields.
      const simpleCard = cardOf('Sticker Sheet');
      expect(simpleCard).toContain('data-island="product"');
      expect(simpleCard).toContain('<form class="product-block__form" method="post" action="/cart/add">');
      expect(simpleCard).toContain(`<input type="hidden" name="crumb" value="${crumb}">`);
      expect(simpleCard).toContain(`<input type="hidden" name="itemId" value="${simple}">`);
      expect(simpleCard).toContain(`<input type="hidden" name="returnTo" value="${path}">`);
      expect(simpleCard).toContain('<span class="sqs-add-to-cart-button-inner">Add To Cart</span>');
      // The product with a choice to make: only the link to its page, labelled by the default.
      const teeCard = cardOf('Block Tee');
      expect(teeCard).not.toContain('<form');
      expect(teeCard).not.toContain('data-island');
      expect(teeCard).toMatch(/<a class="button button--primary product-block__cta" href="\/shop\/p\/block-tee"/);
      expect(teeCard).toContain('>View product</a>');
      // Sold out: a disabled button, no form.
      const mugCard = cardOf('Gone Mug');
      expect(mugCard).toContain('product-block--sold-out');
      expect(mugCard).not.toContain('<form');
      expect(mugCard).toMatch(/<button class="[^"]*product-block__sold-out" type="button" disabled>Sold out/);

      // The form as a browser without JavaScript posts it: the item is in the cart, and the visitor
      // is back on the page, where the cart pill counts it.
      const posted = await visitor.request('POST', '/cart/add', {
        body: new URLSearchParams({ crumb, itemId: simple, quantity: '1', returnTo: path }).toString(),
        contentType: 'application/x-www-form-urlencoded',
        crumb: false,
      });
      expect(posted.status).toBe(303);
      expect(posted.headers.get('location')).toBe(path);
      const cart = await visitor.get('/api/commerce/shopping-cart');
      expect(cart.body.entries).toHaveLength(1);
      expect(cart.body.entries[0]).toMatchObject({ itemId: simple, quantity: 1 });
      const back = String((await visitor.get(path)).body);
      expect(back).toMatch(
        /<a class="tessera-cart-pill" data-island="cart-pill" href="\/cart"><span[^>]*>[^<]*<\/span><span class="tessera-cart-pill__count" aria-hidden="true">1<\/span>/,
      );

      // returnTo only ever names a page of this site.
      const elsewhere = await visitor.request('POST', '/cart/add', {
        body: new URLSearchParams({ crumb, itemId: simple, returnTo: '//evil.example/' }).toString(),
        contentType: 'application/x-www-form-urlencoded',
        crumb: false,
      });
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body.message).toContain('returnTo must be a path on this site.');
      // Nor text a Location header cannot carry (a 500 before), nor a backslash or tab trick.
      for (const returnTo of ['/€', '/\\evil.example', '/\t/evil.example', '/ /x']) {
        const refused = await visitor.request('POST', '/cart/add', {
          body: new URLSearchParams({ crumb, itemId: simple, returnTo }).toString(),
          contentType: 'application/x-www-form-urlencoded',
          crumb: false,
        });
        expect(refused.status, returnTo).toBe(400);
      }
    });

    it('refuses an album of more than 60 tracks with SPEC’s limit, and keeps one of 60', async () => {
      const created = await suite.owner.post('/api/config/pages', { title: 'Long Album' });
      const pageId = created.body.page.id as string;
      const album = (n: number) => ({
        sections: [
          { blocks: [block('bLong', BlockType.ALBUM, { tracks: Array.from({ length: n }, (_, i) => track(i + 1)) })] },
        ],
      });
      const refused = await suite.owner.put(`/api/config/pages/${pageId}/draft`, album(61));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: 'invalid-body', message: 'An album holds at most 60 tracks.' });
      expect((await suite.owner.put(`/api/config/pages/${pageId}/draft`, album(60))).status).toBe(200);
    });
  });
}
