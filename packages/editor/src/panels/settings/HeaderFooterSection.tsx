import type { FooterLink, HeaderFooter } from '@tessera/core/contracts/settings';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, api } from '../../api.js';
import { useResource } from '../shared/resource.js';
import { type FieldErrors, fieldErrorsOf } from './field-errors.js';
import { SaveBar, TextField } from './fields.js';

const URL_RULE = /^(\/(?!\/)|https?:\/\/)/;

function validate(value: HeaderFooter): FieldErrors {
  const errors: FieldErrors = {};
  value.footer.links.forEach((link, i) => {
    if (!link.title.trim()) errors[`link-${i}-title`] = 'Give the link a title.';
    if (!URL_RULE.test(link.url.trim())) errors[`link-${i}-url`] = 'Use a site path (/about) or an http(s) address.';
  });
  return errors;
}

/**
 * The header announcement and the footer text and links, as the theme's header and footer
 * partials read them (`siteHeader`, `siteFooter`), through `GET`/`PUT /api/site-header-footer`.
 */
export function HeaderFooterSection() {
  const loaded = useResource<HeaderFooter>('/api/site-header-footer');
  const [draft, setDraft] = useState<HeaderFooter | undefined>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');

  useEffect(() => {
    if (loaded.data) setDraft(loaded.data);
  }, [loaded.data]);
  if (loaded.error) return <p className="ed-field-error">{loaded.error}</p>;
  if (!draft) return <p className="ed-empty">Loading…</p>;

  const dirty = JSON.stringify(draft) !== JSON.stringify(loaded.data);
  const update = (next: HeaderFooter) => {
    setDraft(next);
    setStatus('');
  };
  const setLink = (index: number, patch: Partial<FooterLink>) =>
    update({
      ...draft,
      footer: { ...draft.footer, links: draft.footer.links.map((l, i) => (i === index ? { ...l, ...patch } : l)) },
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const saved = await api<HeaderFooter>('PUT', '/api/site-header-footer', draft);
      await loaded.reload();
      setDraft(saved);
      setStatus('Saved');
    } catch (e) {
      const code = e instanceof ApiError && typeof e.body.error === 'string' ? e.body.error : undefined;
      setErrors(fieldErrorsOf((e as Error).message, code, ['header', 'footer']));
      setStatus('Not saved');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="st-hf-heading">
      <h2 id="st-hf-heading">Header and footer</h2>
      {(errors[''] || errors.header || errors.footer) && (
        <p className="ed-field-error" role="alert">
          {[errors[''], errors.header, errors.footer].filter(Boolean).join(' ')}
        </p>
      )}
      <TextField
        id="st-announcement"
        label="Announcement bar text"
        value={draft.header.announcement}
        maxLength={200}
        hint="Shown above the header on every page; empty hides the bar."
        onChange={(announcement) => update({ ...draft, header: { announcement } })}
      />
      <TextField
        id="st-footer-text"
        label="Footer text"
        multiline
        value={draft.footer.text}
        maxLength={500}
        onChange={(text) => update({ ...draft, footer: { ...draft.footer, text } })}
      />
      <fieldset className="st-fieldset">
        <legend>Footer links</legend>
        <p className="st-hint">The footer also lists the navigation pages and the cart.</p>
        {draft.footer.links.map((link, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: links have no id; rows move only by removal
          <div key={i} className="st-link-row">
            <TextField
              id={`st-link-${i}-title`}
              label={`Link ${i + 1} title`}
              value={link.title}
              maxLength={80}
              error={errors[`link-${i}-title`]}
              onChange={(title) => setLink(i, { title })}
            />
            <TextField
              id={`st-link-${i}-url`}
              label={`Link ${i + 1} address`}
              value={link.url}
              maxLength={2083}
              error={errors[`link-${i}-url`]}
              onChange={(url) => setLink(i, { url })}
            />
            <button
              type="button"
              onClick={() =>
                update({ ...draft, footer: { ...draft.footer, links: draft.footer.links.filter((_, j) => j !== i) } })
              }
            >
              Remove link {i + 1}
            </button>
          </div>
        ))}
        <button
          type="button"
          disabled={draft.footer.links.length >= 20}
          onClick={() =>
            update({ ...draft, footer: { ...draft.footer, links: [...draft.footer.links, { title: '', url: '/' }] } })
          }
        >
          Add footer link
        </button>
      </fieldset>
      <SaveBar dirty={dirty} saving={saving} onDiscard={() => loaded.data && setDraft(loaded.data)} />
      <p className="ed-sr" role="status">
        {status}
      </p>
    </form>
  );
}
