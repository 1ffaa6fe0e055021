import { FORM_MESSAGES, SITE_ADMIN_MESSAGES, TRACKING_MESSAGES } from '@tessera/core';
import type { CatalogueEntry } from './catalogue.js';

// Error codes of owners, site users, forms, comments, restock, content, files, tracking and operations
// (see catalogue.ts).

const OWNERS = 'owners and sign-in';
const SITE_USERS = 'site users';
const FORMS = 'forms';
const COMMENTS = 'comments and likes';
const RESTOCK = 'restock';
const CONTENT = 'owner content and settings';
const FILES = 'files';
const TRACKING = 'tracking and analytics';

const OPERATIONS = 'operations';
const MEMBER_AREAS = 'member areas';
const REVIEWS = 'product reviews';

export const SITE_ERRORS = {
  // Owners and sign-in (auth/, admin/owners).
  unauthenticated: { status: 401, message: 'Sign in to continue.', area: OWNERS },
  forbidden: { status: 403, message: 'Your role does not allow this.', area: OWNERS },
  'sign-in-failed': { status: 401, message: 'The email or password is incorrect.', area: OWNERS },
  'sign-in-throttled': {
    status: 429,
    message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
    area: OWNERS,
  },
  'captcha-required': {
    status: 400,
    message: FORM_MESSAGES.captchaRequired,
    area: OWNERS,
    note: 'owner sign-in adds `"captchaRequired": true`; also forms and restock',
  },
  'captcha-failed': {
    status: 400,
    message: 'The check could not be verified. Please tick it again.',
    area: OWNERS,
    note: 'also restock',
  },
  'xsrf-fail': { status: 403, message: 'Your session has expired. Please sign in again.', area: OWNERS },
  'reset-link-invalid': {
    status: 400,
    message: 'This password reset link has expired or was already used. Request a new one.',
    area: OWNERS,
  },
  'current-password-wrong': { status: 400, message: 'Your current password is not right.', area: OWNERS },
  'invite-invalid': {
    status: 400,
    message: 'This invitation link has expired or was already used. Ask for a new invitation.',
    area: OWNERS,
  },
  'owner-not-found': { status: 404, message: 'There is no owner with this id.', area: OWNERS },
  'owner-exists': { status: 409, message: 'This person is already an owner of the site.', area: OWNERS },
  'last-admin': {
    status: 409,
    message: 'A site needs at least one administrator. Make another owner an administrator first.',
    area: OWNERS,
  },

  // Site users (site-users/).
  'email-taken': {
    status: 409,
    message: 'An account with this email already exists. Sign in instead.',
    area: SITE_USERS,
  },
  'email-unverified': {
    status: 403,
    message: 'Confirm your email address to see your restock notifications: open the link we mailed you.',
    area: SITE_USERS,
  },

  // Forms (forms/, SPEC §8 "Forms"); field failures add `errors` (field id → message).
  'form-not-found': { status: 404, message: FORM_MESSAGES.notConfigured, area: FORMS },
  'form-unparsable': { status: 400, message: FORM_MESSAGES.unparsableFields, area: FORMS },
  'invalid-fields': { status: 400, message: FORM_MESSAGES.invalidFields, area: FORMS, note: 'plus `errors`' },
  'missing-submission-key': {
    status: 400,
    message: 'Send the key from POST /api/form/FormSubmissionKey with the submission.',
    area: FORMS,
  },
  'invalid-submission-key': { status: 401, message: FORM_MESSAGES.unauthorized, area: FORMS },
  'submission-key-used': {
    status: 409,
    message: 'This form submission was already received. Reload the page to send the form again.',
    area: FORMS,
  },
  'captcha-invalid': {
    status: 400,
    message: 'The CAPTCHA could not be verified. Complete CAPTCHA before submitting.',
    area: FORMS,
  },
  'captcha-replayed': {
    status: 409,
    message: 'This CAPTCHA was already used. Complete CAPTCHA before submitting.',
    area: FORMS,
  },
  'form-rate-limited': {
    status: 429,
    message: FORM_MESSAGES.rateLimited,
    area: FORMS,
    note: 'plus a `Retry-After` header',
  },
  'form-server-error': { status: 500, message: FORM_MESSAGES.serverError, area: FORMS },

  // Comments and likes (comments/); field failures add `errors`.
  'invalid-comment': {
    status: 400,
    message: 'Please check your comment: some fields are missing or too long.',
    area: COMMENTS,
    note: 'plus `errors`',
  },
  'post-not-found': {
    status: 404,
    message: 'That post could not be found. It may have been removed.',
    area: COMMENTS,
  },
  'comments-closed': { status: 403, message: 'Comments are closed for this post.', area: COMMENTS },
  'likes-disabled': { status: 403, message: 'Likes are switched off on this site.', area: COMMENTS },
  'comment-not-found': { status: 404, message: 'That comment could not be found.', area: COMMENTS },

  // Restock notifications (restock/) and owner inventory.
  'variant-not-found': {
    status: 400,
    message: 'That option of the product could not be found. Please reload the page.',
    area: RESTOCK,
    also: [404],
    note: '404 in the owner inventory API',
  },
  'stock-changed': {
    status: 409,
    message: 'The stock changed since you opened it. Check the new count and try again.',
    area: RESTOCK,
    note: 'plus `qtyInStock` and `unlimited`',
  },

  // Owner content, products and settings (admin/, editor/).
  'product-not-found': { status: 404, message: 'There is no product with this id.', area: CONTENT },
  'collection-not-found': { status: 404, message: 'There is no store collection with this id.', area: CONTENT },
  'collection-full': {
    status: 409,
    message: 'This collection already holds the most items it can hold. Add the product to another collection.',
    area: CONTENT,
  },
  'url-taken': { status: 409, message: 'Another item of this collection already uses this URL.', area: CONTENT },
  'design-conflict': {
    status: 409,
    message: 'Someone saved the design since you opened it. Reload to see their changes.',
    area: CONTENT,
  },
  'invalid-design-path': { status: 400, message: 'That is not a design path that can be saved.', area: CONTENT },
  'font-not-installed': { status: 400, message: 'That font is not installed on this server.', area: CONTENT },
  'theme-files-refused': {
    status: 400,
    message: 'These theme files cannot be saved.',
    area: CONTENT,
    note: 'the message names each file: not a file of the default theme, or too large',
  },
  'theme-not-publishable': {
    status: 422,
    message: 'This theme version has template errors and cannot be published. Fix them and save a new version.',
    area: CONTENT,
    note: 'plus `errors`: `[{ file, line, column, message }]`',
  },
  'theme-version-not-found': { status: 404, message: 'There is no theme version with this id.', area: CONTENT },
  // Fonts of your own (domains/fonts/, issue 21).
  'font-refused': {
    status: 400,
    message: 'This file is not a font that can be used.',
    area: CONTENT,
    note: 'the message says why: not a font, wrong extension, damaged or truncated',
  },
  'font-too-large': { status: 413, message: 'This font file is larger than 5 MB.', area: CONTENT },
  'too-many-fonts': { status: 409, message: 'A site can keep 40 fonts; delete one first.', area: CONTENT },
  'font-in-use': {
    status: 409,
    message: 'This font is in use; choose another font there first.',
    area: CONTENT,
    note: 'the message names the usages and font packs',
  },
  'font-not-found': { status: 404, message: 'There is no uploaded font with this id.', area: CONTENT },
  'font-kit-refused': {
    status: 400,
    message: 'This font kit could not be connected.',
    area: CONTENT,
    note: 'the message says why: not https, private address, unreachable, not CSS, too large, no @font-face',
  },
  'too-many-font-kits': { status: 409, message: 'A site can connect 5 font kits; remove one first.', area: CONTENT },
  'font-kit-in-use': {
    status: 409,
    message: 'A family of this font kit is in use; choose another font there first.',
    area: CONTENT,
    note: 'the message names the family and its usages',
  },
  'font-kit-not-found': { status: 404, message: 'There is no connected font kit with this id.', area: CONTENT },
  'invalid-time-zone': { status: 400, message: SITE_ADMIN_MESSAGES.timeZone('{timeZone}'), area: CONTENT },
  'no-mailing-lists': { status: 400, message: SITE_ADMIN_MESSAGES.noLists, area: CONTENT },
  'mailing-list-required': { status: 400, message: SITE_ADMIN_MESSAGES.listRequired, area: CONTENT },
  'list-name-taken': {
    status: 409,
    message: 'There is already a mailing list with this name. Choose another name.',
    area: CONTENT,
  },
  'message-not-found': {
    status: 404,
    message: 'There is no message with this id in the outbox.',
    area: CONTENT,
  },

  // Files (files/, editor uploads).
  'unsupported-file': { status: 400, message: 'This file type is not supported.', area: FILES, note: 'plus `field`' },
  'file-too-large': { status: 413, message: 'The file is too large.', area: FILES },
  'image-too-large': { status: 400, message: 'The picture has too many pixels.', area: FILES },
  'bad-format': { status: 400, message: 'Unknown image format.', area: FILES },
  'import-refused': {
    status: 400,
    message: 'The file cannot be imported. Nothing was imported.',
    area: CONTENT,
    note: 'the message says what is wrong with the file (its line where there is one)',
  },
  'import-running': {
    status: 409,
    message: 'An import into this site is running. Try again when it has finished.',
    area: CONTENT,
  },
  'import-not-found': { status: 404, message: 'There is no import with this id.', area: CONTENT },
  'import-failed': {
    status: 500,
    message:
      'The import stopped because of an error on the server. Nothing was imported. Try again; if it fails again, the server log says why.',
    area: CONTENT,
  },
  busy: {
    status: 503,
    message: 'Too many pictures are being prepared right now. Please try again in a moment.',
    area: FILES,
    note: 'plus a `Retry-After` header',
  },

  // Tracking and analytics (tracking/).
  'invalid-event': { status: 400, message: TRACKING_MESSAGES.httpStatus(400), area: TRACKING, note: 'plus `details`' },
  'unknown-event-schema': {
    status: 404,
    message: TRACKING_MESSAGES.httpStatus(404),
    area: TRACKING,
    note: 'plus `details`',
  },
  'invalid-range': {
    status: 400,
    message: 'Send from and to as YYYY-MM-DD dates, with from on or before to.',
    area: TRACKING,
  },

  // Member areas (domains/memberships/).
  'membership-revoked': {
    status: 403,
    message: 'The site owner has ended your access to this area. Contact them if you think this is a mistake.',
    area: MEMBER_AREAS,
  },
  'collection-in-area': {
    status: 409,
    message: 'This page or collection already belongs to another member area.',
    area: MEMBER_AREAS,
    note: 'plus `collectionId`',
  },
  'site-user-not-found': {
    status: 404,
    message: 'No account on this site has that email address.',
    area: MEMBER_AREAS,
  },

  // Product reviews (domains/reviews/).
  'reviews-off': { status: 404, message: 'Reviews are not open on this shop.', area: REVIEWS },
  'review-not-buyer': {
    status: 403,
    message: 'Only customers who bought this product can review it.',
    area: REVIEWS,
  },
  'review-exists': { status: 409, message: 'You have already reviewed this product. Thank you!', area: REVIEWS },
  'review-link-invalid': {
    status: 404,
    message: 'This review link is not valid. Please use the link in your email.',
    area: REVIEWS,
  },
  'review-link-used': {
    status: 410,
    message: 'This review link was already used. Thank you for your review!',
    area: REVIEWS,
  },
  'review-not-found': { status: 404, message: 'No review of this site has this id.', area: REVIEWS },

  // Mailing services (domains/mailing-services/, issue 21).
  'service-unreachable': {
    status: 502,
    message: 'Mailchimp could not be reached. Try again in a minute.',
    area: CONTENT,
  },
  'already-connected': {
    status: 400,
    message: 'This service is already connected.',
    area: CONTENT,
    note: 'plus `fields` (`listId` or `url`)',
  },
  'target-refused': {
    status: 400,
    message: 'The address did not accept the signed test message.',
    area: CONTENT,
    note: 'the message says what it answered; plus `fields.url`',
  },

  // Operations (platform/operations/).
  'not-ready': { status: 503, message: 'Not ready.', area: OPERATIONS, note: 'plus `ok: false` and `checks`' },
  unauthorized: {
    status: 401,
    message: 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.',
    area: OPERATIONS,
  },
} as const satisfies Record<string, CatalogueEntry>;
