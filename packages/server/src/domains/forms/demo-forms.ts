import type { FormDefinition } from '@tessera/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { stableId } from '../../platform/ids.js';
import { createFormStore } from './form-store.js';

export const DEMO_CONTACT_FORM_ID = 'contact-form';
export const DEMO_NEWSLETTER_FORM_ID = 'newsletter-form';

/** The demo contact form: one field of every type SPEC §3 lists. */
export const DEMO_CONTACT_FORM: FormDefinition = {
  id: DEMO_CONTACT_FORM_ID,
  name: 'Contact us',
  kind: 'contact',
  submitButtonText: 'Send message',
  submissionMessage: 'Thank you! We have your message and will reply within two working days.',
  postSubmitHtml: '<p class="form-post-submit">Meanwhile, <a href="/shop">browse the shop</a>.</p>',
  successRedirect: null,
  captcha: { enabled: true },
  disclaimer: { enabled: true, text: 'We only use your details to answer you. We never share them.' },
  fields: [
    { id: 'about-you', type: 'section', title: 'About you', description: 'Tell us who you are.', underline: true },
    { id: 'name', type: 'name', title: 'Name', required: true },
    { id: 'email', type: 'email', title: 'Email', placeholder: 'you@example.com', required: true },
    { id: 'phone', type: 'phone', title: 'Phone', showCountryCode: true },
    { id: 'website', type: 'website', title: 'Website', placeholder: 'https://' },
    { id: 'twitter', type: 'twitter', title: 'Twitter' },
    { id: 'address', type: 'address', title: 'Address' },
    { id: 'your-order', type: 'section', title: 'Your request' },
    {
      id: 'topic',
      type: 'select',
      title: 'Topic',
      options: ['An order', 'A return', 'Wholesale', 'Something else'],
      required: true,
    },
    { id: 'order-number', type: 'number', title: 'Order number', placeholder: '1001' },
    { id: 'budget', type: 'currency', title: 'Budget', currencySymbol: '$' },
    { id: 'preferred-date', type: 'date', title: 'Preferred date' },
    { id: 'preferred-time', type: 'time', title: 'Preferred time' },
    { id: 'reply-by', type: 'radio', title: 'Reply by', options: ['Email', 'Phone'], required: true },
    {
      id: 'interests',
      type: 'checkbox',
      title: 'Interested in',
      options: ['Clothing', 'Homeware', 'Gift cards'],
      required: true,
    },
    {
      id: 'satisfaction',
      type: 'likert',
      title: 'How are we doing?',
      questions: ['Product quality', 'Delivery speed'],
    },
    {
      id: 'message',
      type: 'textarea',
      title: 'Message',
      description: 'At most 500 characters.',
      required: true,
      maxLength: 500,
    },
    { id: 'account-password', type: 'password', title: 'Order password', description: 'Only if your order has one.' },
    { id: 'source', type: 'hidden', title: 'Source', key: 'utm_source', value: 'contact-page' },
  ],
};

export const DEMO_NEWSLETTER_FORM: FormDefinition = {
  id: DEMO_NEWSLETTER_FORM_ID,
  name: 'Newsletter',
  kind: 'newsletter',
  submitButtonText: 'Sign up',
  submissionMessage: 'Thank you for signing up!',
  successRedirect: null,
  captcha: { enabled: false },
  disclaimer: { enabled: true, text: 'We respect your privacy. Unsubscribe at any time.' },
  fields: [{ id: 'email', type: 'email', title: 'Email address', placeholder: 'you@example.com', required: true }],
};

/**
 * The mug's additional-fields form, the same definition the product carries in
 * `structuredContent.additionalFieldsForm`, stored so the validate route knows it.
 */
export function additionalFieldsForm(source: Record<string, unknown>): FormDefinition {
  return {
    id: String(source.id),
    name: String(source.name ?? 'Additional information'),
    kind: 'additional-fields',
    submissionMessage: '',
    captcha: { enabled: false },
    fields: (source.fields as FormDefinition['fields']) ?? [],
  };
}

/** Seeds the demo forms and the newsletter's mailing list for a site. */
export async function seedDemoForms(db: Kysely<Database>, siteId: string): Promise<void> {
  const store = createFormStore(db);
  const listId = await store.createMailingList(siteId, 'Newsletter', stableId('mailing-list', siteId, 'newsletter'));
  await store.saveForm(siteId, DEMO_CONTACT_FORM);
  await store.saveForm(siteId, DEMO_NEWSLETTER_FORM, listId);
  const items = await db.selectFrom('items').select(['structured_content']).where('site_id', '=', siteId).execute();
  for (const item of items) {
    const content = JSON.parse(item.structured_content) as Record<string, unknown>;
    const form = content.additionalFieldsForm;
    if (form && typeof form === 'object')
      await store.saveForm(siteId, additionalFieldsForm(form as Record<string, unknown>));
  }
}
