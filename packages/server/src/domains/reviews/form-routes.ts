import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/aliases.js';
import { safeReturnPath } from '../../platform/http/return-path.js';
import type { limitPerAddress } from '../../platform/http/rate-limit.js';
import { parseInput } from '../../platform/http/validate.js';
import type { CaptchaGate } from './captcha-gate.js';
import { saveDraft, typedFields } from './form-drafts.js';
import { type ReviewNote, reviewNoteQuery } from './form-note.js';
import { type PhotoUpload, photosOfBody, photoUploadError } from './photos.js';
import { productParams, type ReviewFields, reviewFields, reviewTextCaptcha } from '@tessera/core/contracts/reviews';
import type { ReviewService } from './service.js';
import type { SignedInSiteUser, SiteUserPort } from '../site-users/index.js';

// The product page's review form without JavaScript: a signed-in site user's plain form post
// (multipart, with the photos) to `POST /reviews/products/:itemId`, carrying the crumb and the
// session's XSRF token as fields like the account forms. It is checked as the JSON call is (same
// fields, photos, captcha, rules and rate limit) and always answers 303 back to the product page's
// `#reviews`, with "awaits approval" or the server's reason (form-note.ts). A refused post keeps what
// was typed as a draft (form-drafts.ts) that the page fills in again; refused for want of a captcha,
// the page also asks the no-JavaScript question (text-challenge.ts), answered in `captchaAnswer`.
// Forged or signed-out posts get the usual answers: 403 crumb-fail / xsrf-fail, sign-in for a visitor.

export const REVIEW_FORM_ACTION = (itemId: string) => `/reviews/products/${encodeURIComponent(itemId)}`;

/** Review posts of both kinds share one counter: 10 per address per 10 minutes. */
export type PostLimit = ReturnType<typeof limitPerAddress>;

/** Posts a checked review as the signed-in site user; the same for the JSON call and the form. */
export async function postAsSignedInUser(
  service: ReviewService,
  user: SignedInSiteUser,
  itemId: string,
  fields: ReviewFields,
  photos: PhotoUpload[],
) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return service.postAsSiteUser({
    siteId: user.websiteId,
    itemId,
    user: { id: user.id, email: user.email, name },
    fields,
    photos,
  });
}

/**
 * The error a review post's own error handler hands on to the app's: the multipart parser's limits
 * in the reviewer's words, anything else as it was. Fastify passes a thrown value on only when it
 * is an Error, and the rate limit throws a plain object: it is wrapped, keeping its status.
 */
export function reviewPostError(error: unknown): Error {
  const known = photoUploadError(error);
  if (known) return known;
  if (error instanceof Error) return error;
  return Object.assign(new Error('The review post was refused.'), error);
}

/** Refusals that are not the reviewer's to mend: forged, signed out, no such product. */
const GUARD_CODES = new Set(['crumb-fail', 'xsrf-fail', 'unauthenticated', 'not-found']);

/** A refusal the reviewer can act on (fields, photos, captcha, rules, too many posts), in words. */
function reasonOf(error: unknown): { message: string; captcha: boolean } | undefined {
  const tooMany = (error as { statusCode?: unknown } | null)?.statusCode === 429;
  const known = photoUploadError(error) ?? (tooMany ? new AppError('rate-limited') : error);
  if (!(known instanceof AppError) || known.status >= 500 || GUARD_CODES.has(known.code)) return undefined;
  return { message: known.message, captcha: known.code.startsWith('captcha-') };
}

export function registerReviewFormRoute(
  app: FastifyInstance,
  deps: { siteUsers: SiteUserPort; service: ReviewService; captchaGate: CaptchaGate; postLimit: PostLimit },
) {
  const { siteUsers, service, captchaGate, postLimit } = deps;

  /** The product's page (published, of this host's site), or undefined. */
  async function productPage(request: FastifyRequest): Promise<{ itemId: string; path: string } | undefined> {
    const parsed = productParams.safeParse(request.params);
    if (!parsed.success) return undefined;
    const site = await app.services.content.getSiteForHost(request.hostname);
    const product = await app.services.content.getProductById(site.id, parsed.data.itemId);
    const path = product && safeReturnPath(product.fullUrl);
    return path ? { itemId: parsed.data.itemId, path } : undefined;
  }

  const back = (reply: FastifyReply, page: { itemId: string; path: string }, note: ReviewNote, secret: string) =>
    reply
      .header('cache-control', 'no-store')
      .redirect(`${page.path}?${reviewNoteQuery(note, page.itemId, secret)}#reviews`, 303);

  /** Back to the page with the reason, keeping what the signed-in user typed as a draft for the form. */
  async function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    page: { itemId: string; path: string },
    user: { id: string; websiteId: string },
    reason: { message: string; captcha: boolean },
  ) {
    const owner = { siteId: user.websiteId, siteUserId: user.id, itemId: page.itemId };
    const draft = await saveDraft(app.db, owner, { ...typedFields(request.body), captcha: reason.captcha });
    return back(reply, page, { kind: 'refused', message: reason.message, draft }, request.siteUserXsrf ?? '');
  }

  app.post(
    '/reviews/products/:itemId',
    {
      onRequest: postLimit,
      // Limits hit before the handler (a photo over 5 MB, too many files, too many posts) go back
      // to the page with their reason too, when the post is a signed-in user's on a real product.
      errorHandler: async (error, request, reply) => {
        const reason = reasonOf(error);
        const user = reason ? await siteUsers.load(request) : undefined;
        const page = user && request.siteUserXsrf ? await productPage(request) : undefined;
        if (!reason || !user || !page || !request.siteUserXsrf) throw reviewPostError(error);
        return refuse(request, reply, page, user, reason);
      },
    },
    async (request, reply) => {
      const { itemId } = parseInput(productParams, request.params, 'address');
      const page = await productPage(request);
      if (!page) throw new AppError('not-found', 'No product has this id.');
      const user = await siteUsers.load(request);
      if (!user) {
        return reply.redirect(`/account/login?${new URLSearchParams({ next: `${page.path}#reviews` })}`, 303);
      }
      if (!siteUsers.hasXsrfToken(request)) throw new AppError('xsrf-fail');
      const secret = request.siteUserXsrf ?? '';
      const refused = (message: string, captcha = false) => refuse(request, reply, page, user, { message, captcha });
      const parsed = reviewFields.safeParse(request.body ?? {});
      const text = reviewTextCaptcha.safeParse(request.body ?? {});
      if (!parsed.success || !text.success) {
        const issues = [...(parsed.error?.issues ?? []), ...(text.error?.issues ?? [])];
        return refused(
          issues
            .slice(0, 3)
            .map((issue) => issue.message)
            .join(' '),
        );
      }
      const photos = await photosOfBody(request.body);
      // Past the threshold: the script's solved captcha, or the answer to the page's question.
      const { captchaToken, captchaAnswer } = text.data;
      const answered = captchaToken && captchaAnswer ? { token: captchaToken, answer: captchaAnswer } : undefined;
      await captchaGate.pass(request, parsed.data.captchaKey, answered);
      const posted = await postAsSignedInUser(service, user as SignedInSiteUser, itemId, parsed.data, photos);
      if (!posted.ok) return refused(posted.message);
      return back(reply, page, { kind: 'sent' }, secret);
    },
  );
}
