import { BlockType, FORM_MESSAGES, WebsiteRole } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

// Chart and form blocks as a visitor gets them: an owner publishes a page holding them through the
// editor API; the server renders both (the chart as SVG plus a data table, the form from the block's
// own definition), and the inline form takes submissions the owner then reads in the forms API.

const dataset = {
  columns: ['Visitors', 'Orders'],
  rows: [
    { label: 'Spring', values: [120, 12] },
    { label: 'Summer', values: [180, 30] },
  ],
};
const chartBlock = (variant: string) => ({
  id: `chart-${variant}`,
  type: BlockType.CHART,
  variant,
  settings: {},
  content: { title: `Season ${variant}`, dataset },
});
const askForm = {
  name: 'Ask us',
  submitButtonText: 'Send question',
  submissionMessage: 'Thanks, we will write back.',
  fields: [
    { id: 'email', type: 'email', title: 'Your email', required: true },
    { id: 'question', type: 'textarea', title: 'Question', required: true },
  ],
};
const formBlock = (id: string, content: Record<string, unknown>) => ({
  id,
  type: BlockType.FORM,
  settings: {},
  content,
});

for (const dialect of DIALECTS) {
  describe(`chart and form blocks on a published page (${dialect})`, () => {
    const suite = suiteServer(
      dialect,
      { owner: { email: 'blocks@owners.test', password: 'blocks-password', roles: [WebsiteRole.ADMIN] } },
      { forms: { rateLimit: { perIp: 100_000, perForm: 100_000, timeWindowMs: 60_000 }, minFillMs: 0 } },
    );

    async function publishPage(title: string, blocks: unknown[], id?: string): Promise<{ id: string; slug: string }> {
      let page = id ? { id, slug: '' } : undefined;
      if (!page) {
        const created = await suite.owner.post('/api/config/pages', { title });
        expect(created.status).toBe(200);
        page = created.body.page as { id: string; slug: string };
      }
      expect((await suite.owner.put(`/api/config/pages/${page.id}/draft`, { sections: [{ blocks }] })).status).toBe(
        200,
      );
      const published = await suite.owner.post(`/api/config/pages/${page.id}/publish`, {});
      expect(published.status).toBe(200);
      return { id: page.id, slug: published.body.summary.slug };
    }

    async function submit(formId: string, values: Record<string, unknown>) {
      const visitor = Visitor.of(suite.server);
      const key = await visitor.post('/api/form/FormSubmissionKey');
      expect(key.status).toBe(200);
      return visitor.post('/api/form/SaveFormSubmission', {
        key: key.body.key,
        formId,
        form: JSON.stringify(values),
        'tessera-hp': '',
      });
    }

    it('renders bar, line and pie charts as a labelled picture with the numbers in a table, no script needed', async () => {
      const { slug } = await publishPage('Chart Page', ['bar', 'line', 'pie'].map(chartBlock));
      const page = await Visitor.of(suite.server).get(`/${slug}`);
      expect(page.status).toBe(200);
      const html = String(page.body);
      const figures = html.match(/<figure class="block block--chart[\s\S]*?<\/figure>/g) ?? [];
      expect(figures).toHaveLength(3);
      const [bar = '', line = '', pie = ''] = figures;
      expect(bar).toContain('chart-block--bar');
      expect(bar).toContain('<figcaption class="chart-block__title">Season bar</figcaption>');
      expect(bar).toContain('role="img" aria-label="Season bar: bar chart of Visitors, Orders"');
      expect(bar.match(/<rect /g)).toHaveLength(4);
      expect(bar).toMatch(/<caption>Season bar: the data<\/caption>/);
      expect(bar).toMatch(/<th scope="col">Visitors<\/th><th scope="col">Orders<\/th>/);
      expect(bar).toMatch(/<tr><th scope="row">Summer<\/th><td>180<\/td><td>30<\/td><\/tr>/);
      expect(line).toContain('chart-block--line');
      expect(line.match(/<polyline /g)).toHaveLength(2);
      expect(pie).toContain('chart-block--pie');
      expect(pie.match(/<path /g)).toHaveLength(2);
      expect(pie).toMatch(/<thead><tr><td><\/td><th scope="col">Visitors<\/th><\/tr><\/thead>/);
      expect(pie).toMatch(/<tr><th scope="row">Spring<\/th><td>120<\/td><\/tr>/);
      expect(html).not.toMatch(/<script(?![^>]*(type="application\/json"|type="application\/ld\+json"|type="module"))/);
    });

    it('renders an inline form block, takes valid submissions and lists them for the owner', async () => {
      const { id: pageId, slug } = await publishPage('Ask Page', [
        formBlock('bAsk1', { formId: 'form-bAsk1', form: askForm }),
      ]);
      const page = await Visitor.of(suite.server).get(`/${slug}`);
      const html = String(page.body);
      expect(html).toContain('data-island="form" data-form-id="form-bAsk1" data-form-kind="contact"');
      expect(html).toMatch(/<label class="tessera-field__title" for="form-bAsk1-email-input">Your email/);
      expect(html).toContain('>Send question</button>');
      expect(html).toMatch(/<link rel="stylesheet" href="[^"]*forms[^"]*\.css/);

      // A bad submission: SPEC's message, the field's own error, nothing stored.
      const bad = await submit('form-bAsk1', { email: 'not an address', question: '' });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        error: 'invalid-fields',
        message: FORM_MESSAGES.invalidFields,
        errors: { email: FORM_MESSAGES.invalidEmail, question: 'Required' },
      });

      const good = await submit('form-bAsk1', { email: 'ada@example.com', question: 'Do you ship abroad?' });
      expect(good.status).toBe(200);
      expect(good.body.success).toBe(true);

      const listed = await suite.owner.get('/api/config/forms');
      expect(listed.status).toBe(200);
      expect(listed.body.forms).toContainEqual(
        expect.objectContaining({ id: 'form-bAsk1', name: 'Ask us', kind: 'contact', submissionCount: 1 }),
      );
      const submissions = await suite.owner.get('/api/config/forms/form-bAsk1/submissions');
      expect(submissions.status).toBe(200);
      expect(submissions.body.total).toBe(1);
      expect(submissions.body.submissions[0].values).toEqual({
        email: 'ada@example.com',
        question: 'Do you ship abroad?',
      });
      const definition = await suite.owner.get('/api/config/forms/form-bAsk1');
      expect(definition.body.form.placement).toEqual({ pageId, blockId: 'bAsk1' });

      // The owner changes the form and republishes: the new definition is the one checked.
      await publishPage(
        '',
        [formBlock('bAsk1', { formId: 'form-bAsk1', form: { ...askForm, fields: [askForm.fields[0]] } })],
        pageId,
      );
      expect((await submit('form-bAsk1', { email: 'bo@example.com' })).status).toBe(200);

      // Once the block is gone from the published page the form takes nothing, but its submissions stay listed.
      await publishPage('', [chartBlock('bar')], pageId);
      const gone = await submit('form-bAsk1', { email: 'cy@example.com' });
      expect(gone.status).toBe(404);
      expect(gone.body.message).toBe(FORM_MESSAGES.notConfigured);
      expect((await suite.owner.get('/api/config/forms/form-bAsk1/submissions')).body.total).toBe(2);
    });

    it('lists a published form block before its first submission, under form-<block id> when it names no id', async () => {
      await publishPage('Quiet Form', [formBlock('bQuiet', { formId: '' })]);
      const listed = await suite.owner.get('/api/config/forms');
      expect(listed.body.forms).toContainEqual(
        expect.objectContaining({ id: 'form-bQuiet', name: 'Form', fieldCount: 3, submissionCount: 0 }),
      );
      // The builder's starting form: name, email and message, all required.
      const bad = await submit('form-bQuiet', {});
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'message', 'name']);
    });

    it('never lets a block take over a form of its own or a draft reach visitors', async () => {
      // A block naming the site's contact form renders its own fields, but the stored form stays as it was.
      await publishPage('Borrowed Id', [formBlock('bBorrow', { formId: 'contact-form', form: askForm })]);
      await suite.owner.get('/api/config/forms');
      const contact = await suite.owner.get('/api/config/forms/contact-form');
      expect(contact.body.form.placement).toBeUndefined();
      expect(contact.body.form.fields.map((f: { id: string }) => f.id)).toContain('topic');

      // A form block only in a draft is not known yet.
      const created = await suite.owner.post('/api/config/pages', { title: 'Draft Form' });
      const draftId = created.body.page.id;
      await suite.owner.put(`/api/config/pages/${draftId}/draft`, {
        sections: [{ blocks: [formBlock('bDraft', { formId: 'form-bDraft', form: askForm })] }],
      });
      const unknown = await submit('form-bDraft', { email: 'ada@example.com', question: 'Hi' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(FORM_MESSAGES.notConfigured);
    });
  });
}
