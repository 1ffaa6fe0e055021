import { serializeForScript } from '../pages/context-script.js';

// Minimal schema.org shapes for the JSON-LD Tessera prints (`schema-dts` is not installed; these
// follow its names for the properties used). Every value is plain JSON.

export interface Thing {
  '@type': string;
  '@id'?: string;
  name?: string;
  url?: string;
  description?: string;
  image?: string | string[];
}
export interface Organization extends Thing {
  '@type': 'Organization';
  logo?: string;
}
export interface SearchAction {
  '@type': 'SearchAction';
  target: { '@type': 'EntryPoint'; urlTemplate: string };
  'query-input': string;
}
export interface WebSite extends Thing {
  '@type': 'WebSite';
  inLanguage?: string;
  publisher?: { '@id': string };
  potentialAction: SearchAction;
}
export type ItemAvailability = 'https://schema.org/InStock' | 'https://schema.org/OutOfStock';
export interface Offer {
  '@type': 'Offer';
  price: string;
  priceCurrency: string;
  availability: ItemAvailability;
  sku?: string;
  url: string;
  name?: string;
}
export interface AggregateRating {
  '@type': 'AggregateRating';
  ratingValue: number;
  reviewCount: number;
  bestRating: 5;
  worstRating: 1;
}
export interface Review {
  '@type': 'Review';
  name: string;
  reviewBody: string;
  datePublished: string;
  author: Person;
  reviewRating: { '@type': 'Rating'; ratingValue: number; bestRating: 5; worstRating: 1 };
}
export interface Product extends Thing {
  '@type': 'Product';
  sku?: string;
  offers: Offer[];
  aggregateRating?: AggregateRating;
  review?: Review[];
}
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
export interface Person {
  '@type': 'Person';
  name: string;
}
export interface BlogPosting extends Thing {
  '@type': 'BlogPosting';
  headline: string;
  datePublished: string;
  dateModified?: string;
  author?: Person;
  publisher?: { '@id': string };
  mainEntityOfPage: string;
}
export interface Place {
  '@type': 'Place';
  name?: string;
  address?: string;
}
export interface Event extends Thing {
  '@type': 'Event';
  startDate: string;
  endDate?: string;
  eventStatus: 'https://schema.org/EventScheduled';
  eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode';
  location?: Place;
  organizer?: { '@id': string };
}
export interface ListItem {
  '@type': 'ListItem';
  position: number;
  name: string;
  item: string;
}
export interface BreadcrumbList {
  '@type': 'BreadcrumbList';
  itemListElement: ListItem[];
}
export type GraphNode = Organization | WebSite | Product | BlogPosting | Event | BreadcrumbList;

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
  return serializeForScript({ '@context': 'https://schema.org', '@graph': nodes });
}
