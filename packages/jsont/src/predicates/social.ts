/** Social predicates: whether comments show, whether Disqus handles them. */
import { type PredicateTable, nodePredicate } from '../plugin.js';
import { asNumber, isTruthy } from '../runtime/values.js';
import { field } from '../values/json.js';

export const SOCIAL_PREDICATES: PredicateTable = {
  /** Comments show when open (state 1) or already present, unless the site turned them off (SPEC §4). */
  'comments?': nodePredicate((node, _args, ctx) => {
    const settings = ctx.resolve('websiteSettings');
    if (settings !== undefined && !isTruthy(field(settings, 'commentsEnabled'))) return false;
    return asNumber(field(node, 'commentState')) === 1 || asNumber(field(node, 'publicCommentCount')) > 0;
  }),
  /** The setting is spelt `disqusShortname` in site data and `disqusShortName` in older pages; either counts. */
  'disqus?': nodePredicate(
    (_node, _args, ctx) =>
      isTruthy(ctx.resolve('websiteSettings.disqusShortName')) ||
      isTruthy(ctx.resolve('websiteSettings.disqusShortname')),
  ),
};
