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
