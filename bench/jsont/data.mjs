// A realistic shop listing: 50 products with variants, prices, images, tags and excerpts.
// Deterministic (seeded), so every run renders the same page.

function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const NOUNS = ['Shirt', 'Tote', 'Mug', 'Scarf', 'Notebook', 'Candle', 'Poster', 'Cap', 'Bowl', 'Blanket'];
const ADJECTIVES = [
  'Linen',
  'Canvas',
  'Ceramic',
  'Wool',
  'Recycled',
  'Hand-dyed',
  'Organic',
  'Walnut',
  'Indigo',
  'Tiny',
];
const TAGS = ['new', 'gifts', 'home & living', 'sale', 'limited <edition>', 'handmade', 'bestseller'];
const SIZES = ['S', 'M', 'L', 'XL'];

export function gridData(count = 50) {
  const rnd = random(42);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const items = [];
  for (let i = 0; i < count; i++) {
    const title = `${pick(ADJECTIVES)} ${pick(NOUNS)} "${i + 1}" & Co.`;
    const urlId = `item-${i + 1}`;
    const base = 1500 + Math.floor(rnd() * 9000);
    const variantCount = 1 + Math.floor(rnd() * 4);
    const variants = [];
    for (let v = 0; v < variantCount; v++) {
      const cents = base + v * 250;
      variants.push({
        sku: `SQ-${i + 1}-${SIZES[v]}`,
        price: cents,
        priceMoney: { value: (cents / 100).toFixed(2), currency: 'USD' },
        attributes: { Size: SIZES[v] },
        unlimited: v === 0,
        qtyInStock: Math.floor(rnd() * 20),
      });
    }
    items.push({
      id: `5f0c${String(i).padStart(20, '0')}`,
      title,
      urlId,
      fullUrl: `/shop/p/${urlId}`,
      assetUrl: i % 7 === 3 ? undefined : `/files/products/${urlId}.jpg`,
      excerpt:
        i % 5 === 0
          ? undefined
          : `Made in small batches from ${pick(ADJECTIVES).toLowerCase()} materials; a quiet everyday piece <b>built to last</b> for years of use.`,
      onSale: i % 6 === 0,
      addedOn: Date.UTC(2024, i % 12, 1 + (i % 27), 15, 30),
      tags: TAGS.filter(() => rnd() < 0.35),
      structuredContent: { productType: i % 4 === 0 ? 2 : 1, variants },
    });
  }
  return {
    website: {
      siteTitle: 'Tessera Demo <Shop>',
      siteDescription: 'Goods for "slow" living & working',
      timeZone: 'America/New_York',
      announcement: 'Free shipping on orders over $75 — this week only, while stocks last in every size and colour.',
      copyright: '&copy; 2026 Tessera',
      navigation: [
        { title: 'Home', url: '/' },
        { title: 'Shop', url: '/shop' },
        { title: 'About & contact', url: '/about' },
      ],
    },
    collection: { title: 'Shop', urlId: 'shop', fullUrl: '/shop', itemCount: count, updatedOn: Date.UTC(2026, 10, 20) },
    items,
  };
}

// The i18n page: 40 events with dates, money in three currencies, counts and messages.
export function i18nData(count = 40) {
  const rnd = random(7);
  const items = [];
  for (let i = 0; i < count; i++) {
    const startsOn = Date.UTC(2026, i % 12, 1 + (i % 27), 8 + (i % 10), (i * 7) % 60);
    const cents = 500 + Math.floor(rnd() * 20000);
    items.push({
      id: `ev${i}`,
      title: `${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[(i * 3) % NOUNS.length]} workshop & talk`,
      startsOn,
      endsOn: startsOn + (1 + (i % 3)) * 86_400_000 + 2 * 3_600_000,
      addedOn: Date.UTC(2026, 9, 1 + (i % 28)),
      priceMoney: { value: (cents / 100).toFixed(2), currency: 'USD' },
      eurMoney: { decimalValue: (cents / 117).toFixed(2), currencyCode: 'EUR' },
      jpyMoney: { value: String(cents * 1.5), currency: 'JPY' },
      seats: i % 9,
      fill: Math.round(rnd() * 100) / 100,
      rating: 1 + rnd() * 4,
      tags: TAGS.filter(() => rnd() < 0.4),
    });
  }
  return {
    website: {
      siteTitle: 'Tessera Events',
      language: 'en',
      timeZone: 'Europe/Berlin',
      copyright: '&copy; 2026 Tessera',
      sale: { start: Date.UTC(2026, 10, 20), end: Date.UTC(2026, 11, 24) },
      messages: {
        updated: 'Updated {0 datetime date:long}',
        count: '{0 plural =0 {No events} one {One event} other {# events}} this season',
        seats: '{0 plural =0 {{1} is full} one {# seat left for {1}} other {# seats left for {1}}}',
        price: 'From {0 money}, taxes included',
      },
    },
    collection: { title: 'Events', itemCount: count, updatedOn: Date.UTC(2026, 10, 18, 9) },
    items,
  };
}

// The catalog page: 50 products in 5 categories with specs, reviews, tags and predicates.
export function catalogData(count = 50) {
  const rnd = random(99);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const categories = [];
  for (let c = 0; c < 5; c++) {
    const products = [];
    for (let i = 0; i < count / 5; i++) {
      const n = c * 10 + i;
      products.push({
        id: `p${n}`,
        title: `${pick(ADJECTIVES)} ${pick(NOUNS)} "${n}" & Co.`,
        link: n % 4 === 0 ? undefined : `/catalog/${n}?ref=grid&x="y"`,
        onSale: n % 5 === 0,
        featured: n % 7 === 0,
        sale: "Sale -- 20% off 'today'",
        featuredLabel: 'Staff pick',
        stock: Math.floor(rnd() * 20) - 3,
        rating: Math.round(rnd() * 50) / 10,
        structuredContent: { productType: 1 + (n % 3) },
        specs: [
          { label: 'Weight', value: String(100 + n), unit: 'g' },
          { label: 'Size <cm>', value: n % 3 ? `${10 + n}×${20 + n}` : '', unit: n % 3 ? 'cm' : undefined },
          { label: 'Material', value: pick(ADJECTIVES) },
        ],
        tags: TAGS.filter(() => rnd() < 0.3),
        description: `<p>A ${pick(ADJECTIVES).toLowerCase()} ${pick(NOUNS).toLowerCase()} with <b>character</b>; "handle with care" -- it's worth it.</p>`,
        reviews:
          n % 3 === 0
            ? []
            : [
                { verified: true, text: 'Lovely.\nWould buy again & again.' },
                { verified: n % 2 === 0, text: 'Arrived late <but> fine.' },
              ],
      });
    }
    categories.push({ name: `${pick(ADJECTIVES)} things & more`, products });
  }
  return {
    website: {
      siteTitle: 'Tessera <Catalog>',
      announcement: 'New arrivals',
      copyright: '&copy; 2026 Tessera',
      navigation: [
        { title: 'Home', url: '/' },
        { title: 'Catalog </script>', url: '/catalog' },
      ],
    },
    collection: {
      title: 'the catalog',
      urlId: 'The Catalog!',
      itemCount: count,
      crumbs: [
        { title: 'Home', url: '/' },
        { title: 'Everything in the catalog', url: '/catalog/all items' },
      ],
    },
    categories,
  };
}

// The blog page: 50 posts with authors, tags, categories, excerpts and comments with replies.
// Written after the engine's optimisations, as a check that they are general.
const WORDS = ['linen', 'morning', 'kiln', 'indigo', 'walnut', 'market', 'thread', 'glaze', 'studio', 'winter'];
const AUTHORS = [
  { id: 'a1', displayName: 'Ana Ruiz' },
  { id: 'a2', displayName: 'Ben "Potter" O\'Neil' },
  { id: 'a3', displayName: 'Chloé & Sam' },
];
const CATEGORIES = ['Studio notes', 'Care & repair', 'Events', 'Makers'];

export function blogData(count = 50) {
  const rnd = random(2026);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const sentence = (n) =>
    Array.from({ length: n }, (_, i) =>
      i === 0 ? pick(WORDS).replace(/^./, (c) => c.toUpperCase()) : pick(WORDS),
    ).join(' ');
  const comment = (p, k) => ({
    id: `${p}-${k}`,
    author: k % 3 === 0 ? 'Guest <visitor>' : pick(['Mia', 'Jon', 'Ravi & Lee', 'Ola']),
    authorUrl: k % 2 === 0 ? `https://example.com/u/${k}?from=blog&x="y"` : undefined,
    createdOn: Date.UTC(2026, 9, 1 + ((p + k) % 27), 9 + (k % 12), (k * 13) % 60),
    body: `${sentence(6)}.\n${sentence(4)} & more <3`,
    likes: k % 4,
    pinned: k === 0 && p % 5 === 0,
  });
  const items = [];
  for (let i = 0; i < count; i++) {
    const urlId = `${pick(WORDS)}-${pick(WORDS)}-${i + 1}`;
    const commentCount = i % 4 === 0 ? 0 : 1 + (i % 3);
    const comments = [];
    for (let k = 0; k < commentCount; k++) {
      const c = comment(i, k);
      if (k === 0 && i % 2 === 1) c.replies = [comment(i, 10 + k), comment(i, 20 + k)];
      comments.push(c);
    }
    items.push({
      id: `post${String(i).padStart(6, '0')}`,
      title: `${sentence(3)}: "${pick(WORDS)}" & the ${pick(WORDS)}`,
      urlId,
      fullUrl: `/blog/${urlId}`,
      sourceUrl: i % 9 === 4 ? `https://elsewhere.example/${urlId}?a=1&b=2` : undefined,
      starred: i % 8 === 0,
      publishOn: Date.UTC(2026, 10, 20 - (i % 20), 7 + (i % 12), (i * 11) % 60),
      updatedOn: i % 6 === 0 ? Date.UTC(2026, 10, 21, 10) : undefined,
      author: pick(AUTHORS),
      categories: i % 5 === 0 ? [] : [pick(CATEGORIES)],
      tags: WORDS.filter(() => rnd() < 0.25),
      excerpt:
        i % 3 === 0
          ? undefined
          : `<p>${sentence(12)}, <em>${sentence(5)}</em> -- ${sentence(20)}. It's "${pick(WORDS)}" season again.</p>`,
      body: `<p>${sentence(30)}.</p><p>${sentence(25)} <a href="/shop">shop</a>.</p>`,
      commentState: i % 7 === 6 ? 2 : i % 11 === 10 ? 0 : 1,
      publicCommentCount: commentCount,
      likeCount: Math.floor(rnd() * 40) - 5,
      comments,
    });
  }
  return {
    website: {
      siteTitle: 'Tessera Journal',
      baseUrl: 'https://journal.example',
      copyright: '&copy; 2026 Tessera',
    },
    collection: {
      id: 'blog1',
      title: 'Journal & notes',
      fullUrl: '/blog',
      description: '<p>Notes from the <b>studio</b>: how things are made, mended and "sold".</p>',
      itemCount: count,
      categoryFilter: 'Events',
      categories: CATEGORIES.map((name, i) => ({ name, posts: 3 + i * 4 })),
    },
    pagination: { nextPage: true, nextPageUrl: '/blog?offset=1700000000000', prevPageUrl: undefined },
    items,
  };
}
