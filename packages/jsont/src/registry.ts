/**
 * The default formatter and predicate tables, assembled from one table per area.
 * Later tables win on a name clash, so an area can deliberately refine another.
 */
import { COMMERCE_FORMATTERS } from './formatters/commerce.js';
import { CONTENT_FORMATTERS } from './formatters/content.js';
import { CORE_FORMATTERS } from './formatters/core.js';
import { DATE_FORMATTERS } from './formatters/date.js';
import { I18N_FORMATTERS } from './formatters/i18n.js';
import { SOCIAL_FORMATTERS } from './formatters/social.js';
import type { FormatterTable, PredicateTable } from './plugin.js';
import { COMMERCE_PREDICATES } from './predicates/commerce.js';
import { CONTENT_PREDICATES } from './predicates/content.js';
import { CORE_PREDICATES } from './predicates/core.js';
import { I18N_PREDICATES } from './predicates/i18n.js';
import { SOCIAL_PREDICATES } from './predicates/social.js';

export const DEFAULT_FORMATTERS: FormatterTable = Object.freeze({
  ...CORE_FORMATTERS,
  ...I18N_FORMATTERS,
  ...DATE_FORMATTERS,
  ...CONTENT_FORMATTERS,
  ...SOCIAL_FORMATTERS,
  ...COMMERCE_FORMATTERS,
});

export const DEFAULT_PREDICATES: PredicateTable = Object.freeze({
  ...CORE_PREDICATES,
  ...I18N_PREDICATES,
  ...CONTENT_PREDICATES,
  ...SOCIAL_PREDICATES,
  ...COMMERCE_PREDICATES,
});
