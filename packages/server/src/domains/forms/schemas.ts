import { z } from 'zod';

// The wire shapes of the visitor form routes' queries and bodies (issue 16). The routes check with them
// and answer the texts SPEC §7 gives on a refusal (the same as before they had schemas); the values of
// a submission are checked against the form's own definition by `submission-service.ts`.

/** `GET /api/rest/forms/additional-fields?itemId=`: another shape names no form (404 `form-not-found`). */
export const additionalFieldsQuery = z.object({ itemId: z.string().min(1).max(64) });

/**
 * `POST /api/form/SaveFormSubmission`, a JSON object (else 400 `form-unparsable`) naming its form
 * (else 404 `form-not-found`). Keys other than these are the page context stored with the submission.
 */
export const submissionBody = z
  .object({
    formId: z.string().min(1),
    key: z.unknown().optional().describe('The one-time key from POST /api/form/FormSubmissionKey'),
    form: z.unknown().optional().describe("The values by field id, checked against the form's fields"),
    captchaKey: z.unknown().optional().describe('The solved challenge of GET /api/form/captcha-challenge'),
  })
  .loose();
