import type { FormEvent } from 'react';
import { CheckField, SaveBar, TextField } from './fields.js';
import type { SettingsOptions } from './options.js';
import type { SettingsDraft, SettingsKey } from './settings-draft.js';

const KEYS: readonly SettingsKey[] = [
  'commentsEnabled',
  'commentsRequireApproval',
  'disqusShortname',
  'simpleLikingEnabled',
  'shareButtonOptions',
];

const SHARE_LABELS: Readonly<Record<string, string>> = {
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
  email: 'Email',
};

/** Comments (on, moderation, Disqus), simple likes and the share buttons of blog posts. */
export function EngagementSection({ draft, options }: { draft: SettingsDraft; options: SettingsOptions }) {
  const value = draft.value;
  if (!value) return null;
  const errors = draft.errors;
  const services = options.data?.shareServices ?? Object.keys(value.shareButtonOptions);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^[A-Za-z0-9-]*$/.test(value.disqusShortname.trim())) {
      return draft.setErrors({ disqusShortname: 'Use letters, digits and dashes in the Disqus shortname.' });
    }
    await draft.save(KEYS);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="st-engage-heading">
      <h2 id="st-engage-heading">Comments, likes and sharing</h2>
      {errors[''] && (
        <p className="ed-field-error" role="alert">
          {errors['']}
        </p>
      )}
      <fieldset className="st-fieldset">
        <legend>Comments</legend>
        <CheckField
          id="st-comments"
          label="Allow comments on blog posts"
          checked={value.commentsEnabled}
          onChange={(on) => draft.change('commentsEnabled', on)}
        />
        <CheckField
          id="st-comments-approval"
          label="Hold new comments until a moderator approves them"
          checked={value.commentsRequireApproval}
          disabled={!value.commentsEnabled}
          onChange={(on) => draft.change('commentsRequireApproval', on)}
        />
        <TextField
          id="st-disqus"
          label="Disqus shortname"
          value={value.disqusShortname}
          maxLength={64}
          error={errors.disqusShortname}
          hint="Leave empty to use Tessera’s own comments."
          onChange={(v) => draft.change('disqusShortname', v)}
        />
      </fieldset>
      <fieldset className="st-fieldset">
        <legend>Likes</legend>
        <CheckField
          id="st-likes"
          label="Let visitors like blog posts"
          checked={value.simpleLikingEnabled}
          onChange={(on) => draft.change('simpleLikingEnabled', on)}
        />
      </fieldset>
      <fieldset className="st-fieldset" aria-describedby="st-share-hint">
        <legend>Share buttons</legend>
        <p id="st-share-hint" className="st-hint">
          Blog posts show the chosen services; with none chosen they show all of them.
        </p>
        {services.map((service) => (
          <CheckField
            key={service}
            id={`st-share-${service}`}
            label={SHARE_LABELS[service] ?? service}
            checked={value.shareButtonOptions[service] === true}
            onChange={(on) => draft.change('shareButtonOptions', { ...value.shareButtonOptions, [service]: on })}
          />
        ))}
        {errors.shareButtonOptions && <p className="ed-field-error">{errors.shareButtonOptions}</p>}
      </fieldset>
      <SaveBar dirty={draft.isDirty(KEYS)} saving={draft.saving} onDiscard={() => draft.discard(KEYS)} />
    </form>
  );
}
