import { z } from 'zod';
import { FORM_FIELD_TYPES } from '../form/field-types.js';

// The visitor's form API (`/api/form/*`, `/api/rest/forms/*`; SPEC §7 "Forms"): the one-time key, the
// captcha challenge, a submission, and a product's additional-fields form and its check. The values
// of a submission are checked against the form's own definition, not here.

// ---- Requests -------------------------------------------------------------------------------------

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

/**
 * `POST /api/rest/forms/validate/:formId`: the values by field id (a JSON object, else 400
 * `form-unparsable`), checked against that form's own fields.
 */
export const formValuesBody = z.record(z.string(), z.unknown());
/** The form's id in the address of the check (a form no site has answers 404 `form-not-found`). */
export const formIdParams = z.object({ formId: z.string().min(1).max(64) });

// ---- Answers --------------------------------------------------------------------------------------

/** One field of a form definition (SPEC §3), as core's `FormFieldDefinition` describes it. */
export const formField = z.object({
  id: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  title: z.string(),
  description: z.string().optional(),
  placeholder: z.string().optional(),
  required: z.boolean().optional(),
  maxLength: z.int().nullable().optional(),
  options: z.array(z.string()).readonly().optional(),
  questions: z.array(z.string()).readonly().optional(),
  currencySymbol: z.string().optional(),
  showCountryCode: z.boolean().optional(),
  underline: z.boolean().optional(),
  key: z.string().optional(),
  value: z.string().optional(),
});

/** `GET /api/rest/forms/additional-fields`: the product's form, shown before it goes in the cart. */
export const additionalFieldsFormAnswer = z.object({
  form: z.object({
    id: z.string(),
    name: z.string(),
    submitButtonText: z.string().optional(),
    fields: z.array(formField),
  }),
});

/** `POST /api/rest/forms/validate/:formId`: the values pass (a refusal is 400 `invalid-fields` with `errors`). */
export const formValuesValidAnswer = z.object({
  valid: z.literal(true),
  /** Messages by field id: empty when the values pass. */
  errors: z.record(z.string(), z.string()),
});

/** `POST /api/form/FormSubmissionKey`: a one-time key for one submission. */
export const submissionKeyAnswer = z.object({ key: z.string() });

/** `GET /api/form/captcha-challenge`: a proof-of-work challenge (ALTCHA v1) the browser solves. */
export const captchaChallenge = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.int(),
  salt: z.string(),
  signature: z.string(),
});

/** `POST /api/form/SaveFormSubmission`: the stored submission. */
export const submissionAnswer = z.object({ success: z.literal(true), submissionId: z.string() });

export type FormField = z.infer<typeof formField>;
export type AdditionalFieldsFormAnswer = z.infer<typeof additionalFieldsFormAnswer>;
export type AdditionalFieldsForm = AdditionalFieldsFormAnswer['form'];
export type FormValuesValidAnswer = z.infer<typeof formValuesValidAnswer>;
export type SubmissionKeyAnswer = z.infer<typeof submissionKeyAnswer>;
export type CaptchaChallenge = z.infer<typeof captchaChallenge>;
export type SubmissionAnswer = z.infer<typeof submissionAnswer>;
