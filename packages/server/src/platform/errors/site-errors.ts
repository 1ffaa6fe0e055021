import { FORM_MESSAGES, SITE_ADMIN_MESSAGES, TRACKING_MESSAGES } from '@tessera/core';
import type { CatalogueEntry } from './catalogue.js';
import { errorArea } from './error-area.js';

// Error codes of owners, site users, forms, comments, restock, content, files, tracking and operations
// (see catalogue.ts).

const owners = errorArea('owners and sign-in');
const siteUsers = errorArea('site users');
const forms = errorArea('forms');
const comments = errorArea('comments and likes');
const restock = errorArea('restock');
const content = errorArea('owner content and settings');
const files = errorArea('files');
const tracking = errorArea('tracking and analytics');

const operations = errorArea('operations');
const memberAreas = errorArea('member areas');
const reviews = errorArea('product reviews');

export const SITE_ERRORS = {
  // Owners and sign-in (auth/, admin/owners).
  unauthenticated: owners(401, 'Sign in to continue.'),
  forbidden: owners(403, 'Your role does not allow this.'),
  'sign-in-failed': owners(401, 'The email or password is incorrect.'),
  'sign-in-throttled': owners(429, 'Too many sign-in attempts. Please wait a few minutes and try again.'),
  'captcha-required': owners(400, FORM_MESSAGES.captchaRequired, {
    note: 'owner sign-in adds `"captchaRequired": true`; also forms and restock',
  }),
  'captcha-failed': owners(400, 'The check could not be verified. Please tick it again.', { note: 'also restock' }),
  'xsrf-fail': owners(403, 'Your session has expired. Please sign in again.'),
  'reset-link-invalid': owners(400, 'This password reset link has expired or was already used. Request a new one.'),
  'current-password-wrong': owners(400, 'Your current password is not right.'),
  'invite-invalid': owners(400, 'This invitation link has expired or was already used. Ask for a new invitation.'),
  'owner-not-found': owners(404, 'There is no owner with this id.'),
  'owner-exists': owners(409, 'This person is already an owner of the site.'),
  'last-admin': owners(409, 'A site needs at least one administrator. Make another owner an administrator first.'),

  // Site users (site-users/).
  'email-taken': siteUsers(409, 'An account with this email already exists. Sign in instead.'),
  'email-unverified': siteUsers(
    403,
    'Confirm your email address to see your restock notifications: open the link we mailed you.',
  ),

  // Forms (forms/, SPEC §8 "Forms"); field failures add `errors` (field id → message).
  'form-not-found': forms(404, FORM_MESSAGES.notConfigured),
  'form-unparsable': forms(400, FORM_MESSAGES.unparsableFields),
  'invalid-fields': forms(400, FORM_MESSAGES.invalidFields, { note: 'plus `errors`' }),
  'missing-submission-key': forms(400, 'Send the key from POST /api/form/FormSubmissionKey with the submission.'),
  'invalid-submission-key': forms(401, FORM_MESSAGES.unauthorized),
  'submission-key-used': forms(
    409,
    'This form submission was already received. Reload the page to send the form again.',
  ),
  'captcha-invalid': forms(400, 'The CAPTCHA could not be verified. Complete CAPTCHA before submitting.'),
  'captcha-replayed': forms(409, 'This CAPTCHA was already used. Complete CAPTCHA before submitting.'),
  'form-rate-limited': forms(429, FORM_MESSAGES.rateLimited, { note: 'plus a `Retry-After` header' }),
  'form-server-error': forms(500, FORM_MESSAGES.serverError),

  // Comments and likes (comments/); field failures add `errors`.
  'invalid-comment': comments(400, 'Please check your comment: some fields are missing or too long.', {
    note: 'plus `errors`',
  }),
  'post-not-found': comments(404, 'That post could not be found. It may have been removed.'),
  'comments-closed': comments(403, 'Comments are closed for this post.'),
  'likes-disabled': comments(403, 'Likes are switched off on this site.'),
  'comment-not-found': comments(404, 'That comment could not be found.'),

  // Restock notifications (restock/) and owner inventory.
  'variant-not-found': restock(400, 'That option of the product could not be found. Please reload the page.', {
    also: [404],
    note: '404 in the owner inventory API',
  }),
  'stock-changed': restock(409, 'The stock changed since you opened it. Check the new count and try again.', {
    note: 'plus `qtyInStock` and `unlimited`',
  }),

  // Owner content, products and settings (admin/, editor/).
  'product-not-found': content(404, 'There is no product with this id.'),
  'collection-not-found': content(404, 'There is no store collection with this id.'),
  'collection-full': content(
    409,
    'This collection already holds the most items it can hold. Add the product to another collection.',
  ),
  'url-taken': content(409, 'Another item of this collection already uses this URL.'),
  'design-conflict': content(409, 'Someone saved the design since you opened it. Reload to see their changes.'),
  'invalid-design-path': content(400, 'That is not a design path that can be saved.'),
  'font-not-installed': content(400, 'That font is not installed on this server.'),
  'theme-files-refused': content(400, 'These theme files cannot be saved.', {
    note: 'the message names each file: not a file of the default theme, or too large',
  }),
  'theme-not-publishable': content(
    422,
    'This theme version has template errors and cannot be published. Fix them and save a new version.',
    { note: 'plus `errors`: `[{ file, line, column, message }]`' },
  ),
  'theme-version-not-found': content(404, 'There is no theme version with this id.'),
  // Fonts of your own (domains/fonts/, issue 21).
  'font-refused': content(400, 'This file is not a font that can be used.', {
    note: 'the message says why: not a font, wrong extension, damaged or truncated',
  }),
  'font-too-large': content(413, 'This font file is larger than 5 MB.'),
  'too-many-fonts': content(409, 'A site can keep 40 fonts; delete one first.'),
  'font-in-use': content(409, 'This font is in use; choose another font there first.', {
    note: 'the message names the usages and font packs',
  }),
  'font-not-found': content(404, 'There is no uploaded font with this id.'),
  'font-kit-refused': content(400, 'This font kit could not be connected.', {
    note: 'the message says why: not https, private address, unreachable, not CSS, too large, no @font-face',
  }),
  'too-many-font-kits': content(409, 'A site can connect 5 font kits; remove one first.'),
  'font-kit-in-use': content(409, 'A family of this font kit is in use; choose another font there first.', {
    note: 'the message names the family and its usages',
  }),
  'font-kit-not-found': content(404, 'There is no connected font kit with this id.'),
  'invalid-time-zone': content(400, SITE_ADMIN_MESSAGES.timeZone('{timeZone}')),
  'no-mailing-lists': content(400, SITE_ADMIN_MESSAGES.noLists),
  'mailing-list-required': content(400, SITE_ADMIN_MESSAGES.listRequired),
  'list-name-taken': content(409, 'There is already a mailing list with this name. Choose another name.'),
  'message-not-found': content(404, 'There is no message with this id in the outbox.'),

  // Files (files/, editor uploads).
  'unsupported-file': files(400, 'This file type is not supported.', { note: 'plus `field`' }),
  'file-too-large': files(413, 'The file is too large.'),
  'image-too-large': files(400, 'The picture has too many pixels.'),
  'bad-format': files(400, 'Unknown image format.'),
  'import-refused': content(400, 'The file cannot be imported. Nothing was imported.', {
    note: 'the message says what is wrong with the file (its line where there is one)',
  }),
  'import-running': content(409, 'An import into this site is running. Try again when it has finished.'),
  'import-not-found': content(404, 'There is no import with this id.'),
  'import-failed': content(
    500,
    'The import stopped because of an error on the server. Nothing was imported. Try again; if it fails again, the server log says why.',
  ),
  busy: files(503, 'Too many pictures are being prepared right now. Please try again in a moment.', {
    note: 'plus a `Retry-After` header',
  }),

  // Tracking and analytics (tracking/).
  'invalid-event': tracking(400, TRACKING_MESSAGES.httpStatus(400), { note: 'plus `details`' }),
  'unknown-event-schema': tracking(404, TRACKING_MESSAGES.httpStatus(404), { note: 'plus `details`' }),
  'invalid-range': tracking(400, 'Send from and to as YYYY-MM-DD dates, with from on or before to.'),

  // Member areas (domains/memberships/).
  'membership-revoked': memberAreas(
    403,
    'The site owner has ended your access to this area. Contact them if you think this is a mistake.',
  ),
  'collection-in-area': memberAreas(409, 'This page or collection already belongs to another member area.', {
    note: 'plus `collectionId`',
  }),
  'site-user-not-found': memberAreas(404, 'No account on this site has that email address.'),

  // Product reviews (domains/reviews/).
  'reviews-off': reviews(404, 'Reviews are not open on this shop.'),
  'review-not-buyer': reviews(403, 'Only customers who bought this product can review it.'),
  'review-exists': reviews(409, 'You have already reviewed this product. Thank you!'),
  'review-link-invalid': reviews(404, 'This review link is not valid. Please use the link in your email.'),
  'review-link-used': reviews(410, 'This review link was already used. Thank you for your review!'),
  'review-not-found': reviews(404, 'No review of this site has this id.'),

  // Mailing services (domains/mailing-services/, issue 21).
  'service-unreachable': content(502, 'Mailchimp could not be reached. Try again in a minute.'),
  'already-connected': content(400, 'This service is already connected.', {
    note: 'plus `fields` (`listId` or `url`)',
  }),
  'target-refused': content(400, 'The address did not accept the signed test message.', {
    note: 'the message says what it answered; plus `fields.url`',
  }),

  // Operations (platform/operations/).
  'not-ready': operations(503, 'Not ready.', { note: 'plus `ok: false` and `checks`' }),
  unauthorized: operations(401, 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.'),
} as const satisfies Record<string, CatalogueEntry>;
