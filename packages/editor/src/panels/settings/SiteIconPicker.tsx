import { checkUpload } from '@tessera/core';
import { useState } from 'react';
import { type FileEntry, uploadFile } from '../../api.js';
import { useResource } from '../shared/resource.js';
import { SelectField } from './fields.js';

const IMAGE = /\.(png|jpe?g|gif|webp|avif)$/i;

/** The site icon: one square-ish image; the server makes the favicon, the apple-touch icon and app icons. */
export function SiteIconPicker(props: {
  value: { url: string } | null;
  onChange: (icon: { url: string } | null) => void;
  error?: string;
}) {
  const files = useResource<{ files: FileEntry[] }>('/api/config/files');
  const [upload, setUpload] = useState('');
  const choices = (files.data?.files ?? [])
    .filter((f) => IMAGE.test(f.name))
    .map((f) => ({ value: f.url, label: f.name }));
  if (props.value && !choices.some((c) => c.value === props.value?.url)) {
    choices.unshift({ value: props.value.url, label: props.value.url.replace(/^\/files\//, '') });
  }

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const refused = checkUpload(file.name, file.size);
    if (refused) return setUpload(refused);
    setUpload('Uploading…');
    try {
      const stored = await uploadFile(file, (fraction) => setUpload(`Uploading… ${Math.round(fraction * 100)}%`));
      await files.reload();
      props.onChange({ url: stored.url });
      setUpload(`Uploaded ${stored.name}`);
    } catch (e) {
      setUpload((e as Error).message);
    }
  };

  return (
    <fieldset className="st-fieldset">
      <legend>Site icon</legend>
      {files.error && <p className="ed-field-error">{files.error}</p>}
      <SelectField
        id="st-site-icon"
        label="Icon image"
        value={props.value?.url ?? ''}
        placeholder="No icon (the theme's mark)"
        choices={choices}
        onChange={(url) => props.onChange(url ? { url } : null)}
        error={props.error}
        hint="A square image of at least 512 × 512 pixels: browser tabs, bookmarks and phone home screens show it."
      />
      <div className="ed-form-row">
        <label htmlFor="st-site-icon-upload">Upload an icon image</label>
        <input
          id="st-site-icon-upload"
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
          onChange={(e) => {
            void onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <span className="st-hint" aria-live="polite">
          {upload}
        </span>
      </div>
      {props.value && <img className="st-logo-preview" src={props.value.url} alt="" width="64" height="64" />}
    </fieldset>
  );
}
