// @tessera/core/site — a site as the server stores it and the renderer prints it: the content model
// (pages, items, blocks, sections, products as templates read them) and the one reading of the
// site's languages. Shared by the server's content domain and its page renderer, so neither imports
// the other for these shapes. Every public name is listed on purpose.

export {
  type Author,
  type Block,
  CollectionKind,
  type ContentItem,
  type ContentStatus,
  DEFAULT_LIST_LIMIT,
  type EventLocation,
  type ImageAsset,
  isPublic,
  type ItemList,
  type ListItemsOptions,
  MAX_LIST_LIMIT,
  type NavigationNode,
  type Page,
  type ProductItemJson,
  type Section,
  VISITOR_STATUSES,
} from './content-model.js';
export { LANGUAGE_CODE, type SiteLanguages, siteLanguages } from './multilingual.js';
