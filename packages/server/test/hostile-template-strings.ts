import { type FormDefinition, formBlockView, moneyFromCents, PageType, type ProductItem } from '@tessera/core';
import { type ChildNode, type Element, isTag } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { sanitizeOwnerHtml } from '../src/platform/html/sanitize-owner-html.js';
import type { ContentItem } from '@tessera/core/site';
import { postView } from '../src/domains/content/blog/post-view.js';
import { cartPageView, cartPillView } from '../src/domains/cart/cart-view.js';
import { serializeForScript } from '../src/render/context-script.js';
import { eventView } from '../src/domains/content/events/index.js';
import { pageContext, type SiteScope } from '../src/render/page-context.js';
import { merchandisingContext, productView } from '../src/render/product-view.js';

// Finding 10's fixture: a page context for every theme template in which every text field an owner,
// a visitor or a shopper can set holds the same string `t`, built through the real view builders
// (page context, product, cart, post, event and form views). A render with a plain `t` and one with
// a hostile `t` must give the same elements with the same attribute names.

export const HOSTILE_STRINGS = [
  '"><img src=x onerror=alert(1)>',
  '</script><script>alert(1)</script>',
  "' onmouseover='alert(1)'",
];
export const PLAIN_STRING = 'Plain words';

/** Owner HTML as the server prints it: what the sanitiser keeps of a hostile body (the same in every run). */
export const OWNER_HTML = sanitizeOwnerHtml(
  '<p>Body</p><meta http-equiv="refresh" content="0;url=https://example.com"><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)" onclick="x">a</a>',
);

/** Keys written as one string, split on spaces. */
const words = (text: string): string[] => text.split(' ');

const HTML_KEYS = new Set(words('body bodyHtml html sectionsHtml mainContent svg mapSvg postSubmitHtml'));
const NUMBER_KEYS = new Set(
  words(
    'count quantity width height page pageCount day maxLength likeCount index number pageType tone ' +
      'autoplayMs publishOn addedOn updatedOn startDate endDate columns step',
  ),
);
const LIST_KEYS = words(
  'entries items links fields lines orders rows choices results weeks days events upcoming past ' +
    'images variantImages tagLinks categoryLinks comments children menus paragraphs parts values ' +
    'weekdays shippingOptions totals alternates additionalFields tableColumns heroImages shareLinks ' +
    'followLinks tags categories extraStylesheets repeat tracks',
);
const FLAG_KEYS = words(
  'active autoplay captchaEnabled checked clickable confirm current done empty end first hasData ' +
    'hasEvents hasGiftCard hasLocation hidden invalid isCarousel isChoice isGrid isHidden isInput ' +
    'isLikert isParts isProducts isSection isSelect isSlideshow isStacked isSubscription isTextarea ' +
    'isToday lightbox login mailingListRemoved newWindow next nextPage noThumb onMailingList open ' +
    'overlay payLater pending prevPage required requiresShipping sameLocalDay saved sent showControls ' +
    'showDescription showMeta showThumbnails sold testMode underline installmentsEligible isFolder ' +
    'hasQuery hasResults isFiltered isPast liked likesEnabled commentsOpen showThread isCart ' +
    'showCartPill h2 iconsOnly hasUpcoming hasPast soldOut showCount',
);
const TEXT_KEYS = words(
  'title name label text message error notice email productTitle excerpt excerptText authorName ' +
    'author caption source placeholder description attributesLabel status address planLabel ' +
    'minimumMessage disclaimerText currencySymbol providerName submitLabel headline itemCountLabel ' +
    'cartSubtotal subtotal total price amount code language timeAgo summary commentError ' +
    'commentNotice monthName locationText service acceptLabel declineLabel privacyLabel inputMode ' +
    'autocomplete type value key question thumb imageUrl altText url fullUrl assetUrl src srcset ' +
    'sizes href buttonUrl buttonLabel privacyUrl icsUrl successRedirect collectionUrl target id sku ' +
    'crumb token cartToken returnTo datetime startIso endIso publishedIso duration ratio position ' +
    'domId honeypotName srcdoc blockId roleNames discount giftCard number orderNumber initials ' +
    'mark dateLabel place venue city ticketLabel durationIso trackId titleId host date dateText',
);

/** Every key the theme reads, filled generically: text `t`, flags on, one-entry lists, owner HTML, numbers. */
function soup(t: string, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of TEXT_KEYS) out[key] = t;
  for (const key of FLAG_KEYS) out[key] = true;
  for (const key of NUMBER_KEYS) out[key] = 2;
  for (const key of HTML_KEYS) out[key] = OWNER_HTML;
  for (const key of LIST_KEYS) out[key] = depth > 0 ? [soup(t, depth - 1)] : [];
  for (const key of [
    'image',
    'button',
    'featuredImage',
    'cardImage',
    'location',
    'thumb',
    'order',
    'checkout',
    'lock',
    'cover',
    'product',
  ]) {
    out[key] = depth > 0 ? soup(t, depth - 1) : {};
  }
  return out;
}

function variant(sku: string, price: number, stock: number, attributes: Record<string, string>) {
  return {
    id: sku,
    sku,
    price,
    salePrice: 0,
    priceMoney: moneyFromCents(price, 'USD'),
    salePriceMoney: moneyFromCents(0, 'USD'),
    onSale: false,
    unlimited: false,
    qtyInStock: stock,
    attributes,
  };
}

function product(t: string): ProductItem {
  return {
    id: 'p1',
    title: t,
    urlId: 'p1',
    excerpt: t,
    body: OWNER_HTML,
    structuredContent: {
      productType: 1,
      variantOptionOrdering: [t, 'Size'],
      useCustomAddButtonText: true,
      customAddButtonText: t,
      variants: [variant('A', 1200, 3, { [t]: t, Size: t }), variant('B', 2400, 0, { [t]: `${t}2`, Size: `${t}3` })],
    },
  } as ProductItem;
}

function contentItem(t: string, recordType: number): ContentItem {
  return {
    id: `i${recordType}`,
    siteId: 'site-1',
    collectionId: 'c1',
    recordType,
    urlId: 'post',
    fullUrl: '/blog/post',
    title: t,
    excerpt: t,
    body: OWNER_HTML,
    sections: [],
    status: 'published',
    tags: [t],
    categories: [t],
    author: { displayName: t, bio: t },
    publishOn: Date.UTC(2026, 0, 1),
    addedOn: Date.UTC(2026, 0, 1),
    updatedOn: Date.UTC(2026, 0, 1),
    commentsEnabled: true,
    likeCount: 2,
    startDate: Date.UTC(2026, 0, 2),
    endDate: Date.UTC(2026, 0, 3),
    location: { name: t, addressLine1: t, addressLine2: t, addressCountry: t },
    items: [],
    assetUrl: '',
    translations: {},
  } as unknown as ContentItem;
}

function form(t: string): Record<string, unknown> {
  const definition: FormDefinition = {
    id: 'contact',
    name: t,
    kind: 'contact',
    submitButtonText: t,
    submissionMessage: t,
    postSubmitHtml: OWNER_HTML,
    successRedirect: null,
    captcha: { enabled: true },
    disclaimer: { enabled: true, text: t },
    fields: (
      ['text', 'textarea', 'select', 'radio', 'checkbox', 'likert', 'name', 'address', 'email', 'section'] as const
    ).map((type, i) => ({
      id: `f${i}`,
      type,
      title: t,
      description: t,
      placeholder: t,
      options: [t, `${t}2`],
      questions: [t],
    })),
  };
  return formBlockView(definition);
}

/** The whole context for one template, every text field holding `t`. */
export function hostileContext(t: string, pageType: number = PageType.PAGE): Record<string, unknown> {
  const site: SiteScope = {
    id: 'site-1',
    title: t,
    locale: 'en-US',
    timeZone: 'UTC',
    currency: 'USD',
    description: t,
    storeSettings: { multipleQuantityAllowedForServices: true, scarcityShownByDefault: true },
    websiteSettings: {
      useCLDRMoneyFormat: true,
      siteDescription: t,
      headerFooter: { header: { announcement: t }, footer: { text: t, links: [{ title: t, url: '/x' }] } },
      multilingual: {
        enabled: true,
        defaultLanguage: 'en',
        languages: [
          { code: 'en', name: t, enabled: true },
          { code: 'fr', name: t, enabled: true },
        ],
      },
      popupOverlay: { enabled: true, title: t, body: t, buttonLabel: t, buttonUrl: '/x', position: 'center' },
      cookieBanner: { enabled: true, text: t, acceptLabel: t, declineLabel: t, privacyLabel: t, privacyUrl: '/p' },
    },
    navigation: [{ title: t, url: '/shop' }],
    navigationTree: [
      { title: t, url: '/a', isFolder: true, children: [{ title: t, url: '/b', isFolder: false, children: [] }] },
    ],
  };
  const item = product(t);
  const base = pageContext(
    site,
    { pageType, path: '/x', title: t, description: t, product: item, showPopup: true, crumb: t },
    { stylesheet: '/theme/theme.css', loaderSrc: '/assets/loader.js' },
  );
  const cart = cartPageView(
    {
      currency: 'USD',
      subtotalCents: 1200,
      totalQuantity: 1,
      entries: [
        {
          id: 'e1',
          itemId: 'p1',
          title: t,
          quantity: 1,
          subTotalCents: 1200,
          url: '/shop/p/p1',
          chosenVariant: { sku: 'A', attributes: { [t]: t } },
        },
      ],
    } as never,
    'USD',
    'en-US',
  );
  const post = postView(contentItem(t, 1), '/blog', 1);
  const event = eventView(contentItem(t, 12), 'UTC');
  const productItem = productView(item, '/shop');
  const generic = soup(t, 2);
  const formView = form(t);
  const context: Record<string, unknown> = {
    ...generic,
    ...base,
    cart: cart.cart,
    cartPill: cartPillView(undefined, 'USD', 'en-US'),
    collection: { ...soup(t, 1), id: 'c1', title: t, fullUrl: '/shop', description: OWNER_HTML },
    item: { ...soup(t, 1), ...event, ...post, ...productItem, bodyHtml: OWNER_HTML, collectionId: 'c1' },
    items: [productItem, post, event],
    upcoming: [event],
    past: [event],
    productMerchandisingContext: { p1: merchandisingContext(item, site.storeSettings) },
    productForm: { action: '/cart/add', crumb: t, error: t },
    form: formView,
    unsubscribe: {
      confirm: true,
      done: true,
      invalid: true,
      email: t,
      productTitle: t,
      crumb: t,
      token: t,
      onMailingList: true,
    },
    search: { query: t, results: [{ title: t, url: '/x', excerpt: t, collectionTitle: t }] },
  };
  const page = {
    ...soup(t, 0),
    ...(base.page as Record<string, unknown>),
    title: t,
    bodyClass: 'is-page',
    view: 'grid',
    sectionsHtml: OWNER_HTML,
    contextJson: serializeForScript({ title: t }),
    extraStylesheets: [{ href: '/theme/forms.css' }],
  };
  return { ...context, page };
}

/** Every element of a document as `tag[attr,attr]`, in order: the shape a hostile string must not change. */
export function elementShape(html: string): string[] {
  const shape: string[] = [];
  const walk = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (!isTag(node)) continue;
      shape.push(`${node.name}[${Object.keys(node.attribs).sort().join(',')}]`);
      walk(node.children);
    }
  };
  walk(parseDocument(html).children);
  return shape;
}

/** Elements or attributes a hostile string would have injected: `on*` attributes, images with onerror, scripts. */
export function injectedMarkup(html: string): string[] {
  const found: string[] = [];
  const walk = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (!isTag(node)) continue;
      const element = node as Element;
      for (const name of Object.keys(element.attribs)) {
        if (/^on/i.test(name)) found.push(`<${element.name} ${name}>`);
      }
      if (element.name === 'meta' && element.attribs['http-equiv']) found.push('<meta http-equiv>');
      const executable = element.name === 'script' && !/json/i.test(element.attribs.type ?? '');
      if (executable && /alert\(1\)/.test(element.children.map((c) => ('data' in c ? c.data : '')).join('')))
        found.push('<script>alert(1)</script>');
      walk(element.children);
    }
  };
  walk(parseDocument(html).children);
  return found;
}
