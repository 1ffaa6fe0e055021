import { CollectionType, PageType, type ProductItem } from '@tessera/core';
import { productFormView } from '../../cart/index.js';
import { merchandisingContext, productView } from '../../../render/product-view.js';
import type { SiteScope } from '../../../render/page-context.js';
import type { CollectionRecord, PageContentSource } from '../../../render/sources.js';
import type { ContentPageHost, HostPage } from './content-page.js';

const HOME_FEATURED_COUNT = 4;

/**
 * The shop's own pages, as the pages plugin (visitor-routes.ts) routes them: the shop's home when
 * the site has no home page of sections, a products collection as a grid or a list, and a product.
 */
export function createShopPages(host: ContentPageHost, content: PageContentSource) {
  const { app, render } = host;

  async function productCollection(site: SiteScope, slug: string): Promise<CollectionRecord | undefined> {
    const collection = await content.getCollectionBySlug(site.id, slug);
    if (!collection?.isPublic || collection.type !== CollectionType.PRODUCTS) return undefined;
    return collection;
  }

  /** The first products collection of the navigation, else `/shop`. */
  async function findShop(site: SiteScope): Promise<CollectionRecord | undefined> {
    for (const link of site.navigation) {
      const slug = link.url.replace(/^\/+/, '');
      if (!slug || slug.includes('/')) continue;
      const collection = await productCollection(site, slug);
      if (collection) return collection;
    }
    return productCollection(site, 'shop');
  }

  return {
    async home(page: HostPage): Promise<void> {
      const { site } = page;
      const shop = await findShop(site);
      const products = shop ? await content.listProducts(site.id, shop.id) : [];
      const shopUrl = shop ? collectionUrl(shop) : '/shop';
      await render(
        page,
        'home',
        { pageType: PageType.PAGE, path: '/' },
        {
          collection: shop ? collectionView(shop) : { fullUrl: shopUrl },
          items: products.slice(0, HOME_FEATURED_COUNT).map((item) => productView(item, shopUrl)),
          page: {
            headline: site.description || `Welcome to ${site.title}`,
            bodyClass: 'is-home',
            heroImages: heroImages(
              products
                .slice(HOME_FEATURED_COUNT)
                .concat(products)
                .map((item) => productView(item, shopUrl)),
            ),
          },
        },
      );
    },

    /** A public products collection, as a grid or (`?view=list`) a list. */
    async productList(page: HostPage, collection: CollectionRecord, view: 'grid' | 'list'): Promise<void> {
      const { site } = page;
      const url = collectionUrl(collection);
      const products = await content.listProducts(site.id, collection.id);
      // The cards' stars (issue 23): every product's average and count in one query; none when reviews are off.
      const stars = await app.services.reviews?.gridStars(
        site.id,
        products.map((item) => item.id),
      );
      await render(
        page,
        'products.list',
        { pageType: PageType.MAIN_CONTENT, path: url, title: collection.title },
        {
          collection: collectionView(collection),
          items: products.map((item) => ({ ...productView(item, url), reviewStars: stars?.get(item.id) ?? null })),
          pagination: { pageSize: products.length, itemCount: products.length, nextPage: false, prevPage: false },
          page: {
            view,
            isGrid: view === 'grid',
            isList: view === 'list',
            itemCountLabel: products.length === 1 ? '1 product' : `${products.length} products`,
          },
        },
      );
    },

    /** The product `urlId` of the products collection `slug`; false when there is none (not found). */
    async product(page: HostPage, slug: string, urlId: string): Promise<boolean> {
      const { site, request } = page;
      const collection = await productCollection(site, slug);
      const product = collection ? await content.getProductBySlug(site.id, collection.id, urlId) : undefined;
      if (!collection || !product) return false;
      const url = collectionUrl(collection);
      const item = productView(product, url) as ProductItem & Record<string, unknown>;
      // Installment context (SPEC §4): from the connected Stripe account's cached facts, never waiting for Stripe.
      const installments = await app.services.hostedPayments?.installments.settingsFor(site.id, site.currency);
      // Product reviews (issue 23, `domains/reviews/`): absent when the site has them off.
      const reviews = await app.services.reviews?.section({
        siteId: site.id,
        itemId: product.id,
        path: String(item.fullUrl),
        query: request.query,
        request,
      });
      await render(
        installments ? { ...page, site: { ...site, storeSettings: { ...site.storeSettings, ...installments } } } : page,
        'products.item',
        {
          pageType: PageType.CONTENT_ITEM,
          path: String(item.fullUrl),
          title: product.title,
          description: typeof item.excerpt === 'string' ? item.excerpt : undefined,
          product,
        },
        {
          collection: collectionView(collection),
          item: { ...item, collectionId: collection.id, reviewSummary: reviews?.section.summary ?? null },
          productMerchandisingContext: { [product.id]: merchandisingContext(product, site.storeSettings) },
          productForm: productFormView(request),
          productReviews: reviews?.section ?? null,
          reviewsJsonLd: reviews?.jsonLd,
        },
      );
      return true;
    },
  };
}

/** Up to three product pictures for the home page's hero, each from a different product. */
function heroImages(items: Record<string, unknown>[]): { assetUrl: string; altText: string; fullUrl: string }[] {
  const pictures: { assetUrl: string; altText: string; fullUrl: string }[] = [];
  for (const item of items) {
    const first = (item.images as { assetUrl: string; altText: string }[] | undefined)?.[0];
    if (first && !pictures.some((picture) => picture.fullUrl === item.fullUrl)) {
      pictures.push({ ...first, fullUrl: String(item.fullUrl) });
    }
    if (pictures.length === 3) break;
  }
  return pictures;
}

export function collectionUrl(collection: CollectionRecord): string {
  if (typeof collection.fullUrl === 'string' && collection.fullUrl) return collection.fullUrl;
  return `/${collection.slug ?? collection.urlId ?? collection.id}`;
}

export function collectionView(collection: CollectionRecord): Record<string, unknown> {
  const typeName = collection.type === CollectionType.PRODUCTS ? 'products' : 'page';
  return { ...collection, fullUrl: collectionUrl(collection), typeName };
}
