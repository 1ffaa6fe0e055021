/**
 * The CSS classes of an item in a list: `hentry`, promotion, categories, tags,
 * author, post type, position, featured, and sale / sold-out for store items.
 */
import { RecordType } from '@tessera/core';
import { isOnSale, isSoldOut } from '../commerce/product.js';
import type { RenderContext } from '../plugin.js';
import { slugify } from '../values/html.js';
import { asNumber, asString, field, isTruthy } from '../values/json.js';

function slugClasses(prefix: string, values: unknown): string {
  return Array.isArray(values) ? values.map((v) => ` ${prefix}-${slugify(asString(v))}`).join('') : '';
}

export function itemClasses(item: unknown, ctx: RenderContext): string {
  let out = 'hentry';
  const promoted = ctx.resolve('promotedBlockType');
  if (isTruthy(promoted)) out += ` promoted promoted-block-${slugify(asString(promoted))}`;
  const categories = ctx.resolve('categories');
  if (isTruthy(categories)) out += slugClasses('category', categories);
  const tags = ctx.resolve('tags');
  if (isTruthy(tags)) out += slugClasses('tag', tags);
  const displayName = field(ctx.resolve('author'), 'displayName');
  if (isTruthy(displayName)) out += ` author-${slugify(asString(displayName))}`;
  out += ` post-type-${asString(ctx.resolve('recordTypeLabel'))}`;
  const index = ctx.index();
  if (index >= 0) out += ` article-index-${index}`;
  if (isTruthy(ctx.resolve('starred'))) out += ' featured';
  if (asNumber(field(item, 'recordType')) === RecordType.STORE_ITEM) {
    if (isOnSale(item)) out += ' on-sale';
    if (isSoldOut(item)) out += ' sold-out';
  }
  return out;
}
