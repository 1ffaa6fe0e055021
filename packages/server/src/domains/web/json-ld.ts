import type * as schema from 'schema-dts';
import { serializeForScript } from '../../render/context-script.js';

// The schema.org shapes of the JSON-LD Tessera prints, typed with `schema-dts` (types only: nothing
// of it reaches the built code). schema-dts names each type as the union of it and its subtypes;
// `Leaf` takes the one type a node says it is. Where Tessera always prints a property, and reads it
// back (an offer's price and availability), the type narrows it to what is printed.

/** The node whose `@type` is exactly `Name` among the union schema-dts gives for a type. */
type Leaf<T, Name extends string> = Extract<T, { '@type': Name }>;

export type Organization = Leaf<schema.Organization, 'Organization'>;
/** Google's sitelinks search box reads `query-input`, which schema-dts does not list. */
export type SearchAction = Leaf<schema.SearchAction, 'SearchAction'> & {
  target: Leaf<schema.EntryPoint, 'EntryPoint'> & { urlTemplate: string };
  'query-input': string;
};
export type WebSite = Omit<Leaf<schema.WebSite, 'WebSite'>, 'potentialAction'> & { potentialAction: SearchAction };
export type ItemAvailability = Extract<
  schema.ItemAvailability,
  'https://schema.org/InStock' | 'https://schema.org/OutOfStock'
>;
export type Offer = Leaf<schema.Offer, 'Offer'> & {
  price: string;
  priceCurrency: string;
  availability: ItemAvailability;
  sku?: string;
  url: string;
  name?: string;
};
export type Product = Leaf<schema.Product, 'Product'> & { offers: Offer[] };
export type Person = Leaf<schema.Person, 'Person'>;
export type BlogPosting = Leaf<schema.BlogPosting, 'BlogPosting'> & { headline: string; datePublished: string };
export type Event = Leaf<schema.Event, 'Event'> & { startDate: string };
export type BreadcrumbList = Leaf<schema.BreadcrumbList, 'BreadcrumbList'>;
export type GraphNode = Organization | WebSite | Product | BlogPosting | Event | BreadcrumbList;

/** A product's approved reviews as the page knows them (`domains/reviews/`). */
export interface ProductRatings {
  average: number;
  count: number;
  reviews: readonly { rating: number; title: string; body: string; author: string; date: string }[];
}

/** `aggregateRating` and `review` of a Product node; nothing without approved reviews. */
export function productRatings(ratings: ProductRatings | undefined): Pick<Product, 'aggregateRating' | 'review'> {
  if (!ratings || ratings.count === 0) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: ratings.average,
      reviewCount: ratings.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: ratings.reviews.map((r) => ({
      '@type': 'Review',
      name: r.title,
      reviewBody: r.body,
      datePublished: r.date,
      author: { '@type': 'Person', name: r.author },
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}

export function organization(input: { baseUrl: string; name: string; logo?: string }): Organization {
  return {
    '@type': 'Organization',
    '@id': `${input.baseUrl}/#organization`,
    name: input.name,
    url: `${input.baseUrl}/`,
    ...(input.logo ? { logo: input.logo } : {}),
  };
}

export function webSite(input: { baseUrl: string; name: string; language: string; description?: string }): WebSite {
  return {
    '@type': 'WebSite',
    '@id': `${input.baseUrl}/#website`,
    name: input.name,
    url: `${input.baseUrl}/`,
    inLanguage: input.language,
    ...(input.description ? { description: input.description } : {}),
    publisher: { '@id': `${input.baseUrl}/#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${input.baseUrl}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

export function breadcrumbs(trail: readonly { name: string; url: string }[]): BreadcrumbList {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.url,
    })),
  };
}

/**
 * The `<script type="application/ld+json">` body: one `@graph`. `<`, `>`, `&` and the line
 * separators are JSON unicode escapes, so owner text holding `</script>` cannot end the element.
 */
export function jsonLdScript(nodes: readonly GraphNode[]): string {
  const graph: schema.Graph = { '@context': 'https://schema.org', '@graph': nodes };
  return serializeForScript(graph);
}
