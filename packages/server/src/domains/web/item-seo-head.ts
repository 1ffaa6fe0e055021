// The owner's SEO fields of a product, post or event (`structuredContent.seo`, written by the
// product and post forms through core's `validateItemSeo`), in the shape the head tags take.
// Like a page's, title and description are written in the default language, so a page shown in
// another language keeps its own; hiding from search engines holds in every language.

export interface HeadSeo {
  readonly title?: string;
  readonly description?: string;
  readonly noindex?: boolean;
  readonly image?: { readonly url: string; readonly width?: number; readonly height?: number };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** The SEO of the template item (product or content item) shown in language `lang` (undefined: the default). */
export function itemSeoOf(item: unknown, lang: string | undefined): HeadSeo | undefined {
  const content = (item as { structuredContent?: unknown } | undefined)?.structuredContent;
  const seo = (content as { seo?: unknown } | undefined)?.seo;
  if (seo === null || typeof seo !== 'object') return undefined;
  const fields = seo as Record<string, unknown>;
  const imageUrl = text(fields.socialImage);
  const size = /^(\d{1,5})x(\d{1,5})$/.exec(String(fields.socialImageSize ?? ''));
  return {
    ...(lang ? {} : { title: text(fields.title), description: text(fields.description) }),
    noindex: fields.noindex === true,
    ...(imageUrl
      ? { image: { url: imageUrl, ...(size ? { width: Number(size[1]), height: Number(size[2]) } : {}) } }
      : {}),
  };
}
