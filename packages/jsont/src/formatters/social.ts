/**
 * Social formatters: comment links and threads, like and share buttons, the
 * Twitter follow button, linked tweets and calendar links.
 */
import { strftime } from '../i18n/strftime.js';
import { type Formatter, type FormatterTable, type RenderContext, valueFormatter } from '../plugin.js';
import { sameValue } from '../predicates/core.js';
import { asNumber, asString, isTruthy, outputText } from '../runtime/values.js';
import { escapeHtml } from '../values/html.js';
import { field } from '../values/json.js';

const URL_PATTERN = /(\b(https?|ftp|file):\/\/[-A-Z0-9+&@#/%?=~_|!:,.;]*[-A-Z0-9+&@#/%=~_|])/gi;
const MENTION_PATTERN = /(^| )@([a-z0-9_]+)/gi;
const HASHTAG_PATTERN = /(^| )#([a-z0-9_]+)/gi;

/** Turn URLs, @mentions and #hashtags in a tweet into links. */
function activateTwitterLinks(text: string): string {
  return text
    .replace(URL_PATTERN, '<a target="new" href="$1">$1</a>')
    .replace(MENTION_PATTERN, '$1<a target="new" href="https://twitter.com/$2/">@$2</a>')
    .replace(
      HASHTAG_PATTERN,
      (_m, lead: string, tag: string) =>
        `${lead}<a target="new" href="https://twitter.com/hashtag/${encodeURIComponent(tag)}?src=hash">#${tag}</a>`,
    );
}

/** 'No Comments', '1 Comment', 'N Comments' (SPEC §5). */
export function commentCountLabel(count: number): string {
  if (count === 0) return 'No Comments';
  return count === 1 ? '1 Comment' : `${count} Comments`;
}

function disqusShortname(ctx: RenderContext): boolean {
  return isTruthy(ctx.resolve('websiteSettings.disqusShortname'));
}

/**
 * The reference's comment-link template, whitespace included: `equal?` and
 * `notEqual?` compare the count like those predicates do, so a missing count
 * prints nothing (and "Comments").
 */
function commentLink(item: unknown, ctx: RenderContext): string {
  const url = outputText(field(item, 'fullUrl'));
  const id = outputText(field(item, 'id'));
  if (disqusShortname(ctx)) {
    return `\n  <a href="${url}" class="sqs-comment-link sqs-disqus-comment-link" data-id="${id}"></a>\n`;
  }
  const count = field(item, 'publicCommentCount');
  const shown = sameValue(count, 0) ? 'No' : outputText(count);
  const plural = sameValue(count, 1) ? '' : 's';
  return `\n  <a href="${url}#comments-${id}" class="sqs-comment-link" data-id="${id}">\n  ${shown}\n  Comment${plural}\n  </a>\n`;
}

function commentState(kind: 'item' | 'collection', value: unknown): string {
  return (
    ` data-${kind}-id="${outputText(field(value, 'id'))}"` +
    ` data-public-comment-count="${outputText(field(value, 'publicCommentCount'))}"` +
    ` data-comment-state="${outputText(field(value, 'commentState'))}"`
  );
}

function comments(node: unknown, ctx: RenderContext): string {
  if (disqusShortname(ctx)) return '\n  <div class="squarespace-comments" id="disqus_thread"></div>\n';
  let attrs = '';
  const item = ctx.resolve('item');
  if (isTruthy(item)) attrs = commentState('item', item);
  else {
    const collection = ctx.resolve('collection');
    if (isTruthy(collection)) attrs = commentState('collection', collection);
  }
  return `\n  <div class="squarespace-comments" id="comments-${outputText(field(node, 'id'))}"${attrs}></div>\n`;
}

function likeButton(item: unknown, ctx: RenderContext): string {
  if (!isTruthy(item) || !isTruthy(ctx.resolve('websiteSettings.simpleLikingEnabled'))) return '';
  return (
    `\n  <span class="sqs-simple-like" data-item-id="${outputText(field(item, 'id'))}" data-like-count="${outputText(field(item, 'likeCount'))}">\n` +
    '    <span class="like-icon"></span>\n    <span class="like-count"></span>\n  </span>\n'
  );
}

function socialButton(item: unknown, ctx: RenderContext, inline: boolean): string {
  const options = field(ctx.resolve('website'), 'shareButtonOptions');
  if (!isTruthy(options)) return '';
  const imageId = field(item, 'systemDataId') ?? field(item, 'mainImageId');
  const assetUrl = field(item, 'assetUrl') ?? field(field(item, 'mainImage'), 'assetUrl');
  const tag = inline ? 'span' : 'div';
  return (
    `<${tag} class="squarespace-social-buttons ${inline ? 'inline-style' : 'button-style'}"` +
    ` data-system-data-id="${asString(imageId)}"` +
    ` data-asset-url="${asString(assetUrl)}"` +
    ` data-record-type="${asString(field(item, 'recordType'))}"` +
    ` data-full-url="${asString(field(item, 'fullUrl'))}"` +
    ` data-title="${escapeHtml(asString(field(item, 'title')))}"></${tag}>`
  );
}

function twitterFollowButton(account: unknown): string {
  let user = asString(field(account, 'userName'));
  if (user === '') {
    const parts = asString(field(account, 'profileUrl')).split('/');
    user = parts[parts.length - 1] ?? '';
  }
  return (
    "<script>Y.use('squarespace-follow-buttons', function(Y) { " +
    "Y.on('domready', function() { Y.Squarespace.FollowButtonUtils.renderAll(); }); });" +
    `</script><div class="squarespace-follow-button" data-username="${user}"></div>`
  );
}

/** Calendar link datetime: yyyymmdd'T'hhmmss'Z' in UTC (SPEC §9). */
const CALENDAR_FORMAT = '%Y%m%dT%H%M%SZ';

function googleCalendarUrl(event: unknown): string {
  const start = strftime(asNumber(field(event, 'startDate')), 'UTC', CALENDAR_FORMAT);
  const end = strftime(asNumber(field(event, 'endDate')), 'UTC', CALENDAR_FORMAT);
  const title = encodeURIComponent(asString(field(event, 'title')));
  let url = `http://www.google.com/calendar/event?action=TEMPLATE&text=${title}&dates=${start}/${end}`;
  const location = field(event, 'location');
  if (location !== undefined) {
    const text = ['addressLine1', 'addressLine2', 'addressCountry']
      .map((key) => asString(field(location, key)).trim())
      .filter((part) => part !== '')
      .join(', ');
    if (text !== '') url += `&location=${encodeURIComponent(text)}`;
  }
  return url;
}

function contextFormatter(fn: (value: unknown, ctx: RenderContext) => string): Formatter {
  return valueFormatter((value, _args, ctx) => fn(value, ctx));
}

export const SOCIAL_FORMATTERS: FormatterTable = {
  'activate-twitter-links': valueFormatter((value) => activateTwitterLinks(asString(value))),
  'comment-count': valueFormatter((value) => commentCountLabel(asNumber(field(value, 'publicCommentCount')))),
  'comment-link': contextFormatter(commentLink),
  comments: contextFormatter(comments),
  'google-calendar-url': valueFormatter(googleCalendarUrl),
  'like-button': contextFormatter(likeButton),
  'social-button': contextFormatter((value, ctx) => socialButton(value, ctx, false)),
  'social-button-inline': contextFormatter((value, ctx) => socialButton(value, ctx, true)),
  'twitter-follow-button': valueFormatter(twitterFollowButton),
};
