import { z } from 'zod';
import { formField } from './forms.js';

// The owner's forms (`/api/config/forms*`, forms group; the editor's Forms panel, the newsletter
// block and the product editor's form picker): every form of the site, one form's definition, its
// submissions a page at a time and as CSV. The mailing lists are `mailing-lists.ts`'s; the
// visitor's form API is `forms.ts`'s.

// ---- Requests -------------------------------------------------------------------------------------

/** One form: a stored form's id or an inline form block's. */
export const formParams = z.object({ formId: z.string().min(1).max(64) });

/** `GET /api/config/forms/:formId/submissions?page=&pageSize=`. */
export const submissionPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

// ---- Answers --------------------------------------------------------------------------------------

export const FORM_KINDS = ['contact', 'newsletter', 'additional-fields'] as const;

/** One form in the list. */
export const formSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    /** `newsletter` forms add the email they receive to the site's mailing list. */
    kind: z.enum(FORM_KINDS),
    fieldCount: z.int(),
    submissionCount: z.int(),
    /** The mailing list a newsletter form signs up to. */
    mailingListId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .strict();

/** `GET /api/config/forms`: every form of the site (inline form blocks of published pages included). */
export const formList = z.object({ forms: z.array(formSummary) }).strict();

/** A form's definition (SPEC §3 "Form definition"). */
export const formDefinition = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(FORM_KINDS),
    fields: z.array(formField.strict()),
    submitButtonText: z.string().optional(),
    /** Shown in place of the form after a successful submission. */
    submissionMessage: z.string(),
    /** HTML shown under the submission message. */
    postSubmitHtml: z.string().optional(),
    /** Where the visitor goes after a successful submission instead. */
    successRedirect: z.string().nullable().optional(),
    captcha: z.object({ enabled: z.boolean() }).strict(),
    disclaimer: z.object({ enabled: z.boolean(), text: z.string() }).strict().nullable().optional(),
    /** An inline form block's form: the page and block it sits in. */
    placement: z.object({ pageId: z.string(), blockId: z.string() }).strict().optional(),
  })
  .strict();

/** `GET /api/config/forms/:formId`. */
export const ownerFormAnswer = z.object({ form: formDefinition, mailingListId: z.string().nullable() }).strict();

/** One submission: the values by field id, and the page it was sent from. */
export const formSubmission = z
  .object({
    id: z.string(),
    formId: z.string(),
    values: z.record(z.string(), z.unknown()),
    pageContext: z.record(z.string(), z.unknown()),
    spam: z.boolean(),
    spamReason: z.string().nullable(),
    createdAt: z.string(),
  })
  .strict();

/** `GET /api/config/forms/:formId/submissions`: newest first. */
export const submissionPage = z
  .object({
    submissions: z.array(formSubmission),
    total: z.int(),
    page: z.int(),
    pageSize: z.int(),
    hasNextPage: z.boolean(),
  })
  .strict();

/**
 * `GET /api/config/forms/:formId/submissions.csv` (`text/csv`, UTF-8 with a byte order mark): a
 * header line `Submitted,Spam,<field titles>`, then one CRLF-ended line per submission, oldest first.
 */
export const submissionsCsv = z
  .string()
  .startsWith('\uFEFFSubmitted,Spam', 'The CSV starts with its byte order mark and header.');

export type FormSummary = z.infer<typeof formSummary>;
export type FormListAnswer = z.infer<typeof formList>;
export type OwnerFormAnswer = z.infer<typeof ownerFormAnswer>;
export type FormSubmission = z.infer<typeof formSubmission>;
export type SubmissionPage = z.infer<typeof submissionPage>;
