import { checkUpload } from '@tessera/core';
import { useState } from 'react';
import { uploadFile, type FileEntry } from '../../api.js';
import { useResource } from '../shared/resource.js';
import { SelectField, TextField } from './fields.js';

const IMAGE = /\.(png|jpe?g|gif|webp|avif|svg)$/i;

/** The logo: an image from the file manager (or a new upload) and its alt text; none shows the title. */
export function LogoPicker(props: {
  value: { url: string; altText: string } | null;
  onChange: (logo: { url: string; altText: string } | null) => void;
  error?: string;
}) {
  const files = useResource<{ files: FileEntry[] }>('/api/config/files');
  const [upload, setUpload] = useState('');
  const images = (files.data?.files ?? []).filter((f) => IMAGE.test(f.name));
  const choices = images.map((f) => ({ value: f.url, label: f.name }));
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
      props.onChange({ url: stored.url, altText: props.value?.altText ?? '' });
      setUpload(`Uploaded ${stored.name}`);
    } catch (e) {
      setUpload((e as Error).message);
    }
  };

  return (
    <fieldset className="st-fieldset">
      <legend>Logo</legend>
      {files.error && <p className="ed-field-error">{files.error}</p>}
      <SelectField
        id="st-logo"
        label="Logo image"
        value={props.value?.url ?? ''}
        placeholder="No logo (show the site title)"
        choices={choices}
        onChange={(url) => props.onChange(url ? { url, altText: props.value?.altText ?? '' } : null)}
        error={props.error}
        hint="Images from the file manager."
      />
      <div className="ed-form-row">
        <label htmlFor="st-logo-upload">Upload a logo image</label>
        <input
          id="st-logo-upload"
          type="file"
          accept="image/*"
          onChange={(e) => {
            void onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <span className="st-hint" aria-live="polite">
          {upload}
        </span>
      </div>
      {props.value && (
        <>
          <img className="st-logo-preview" src={props.value.url} alt="" />
          <TextField
            id="st-logo-alt"
            label="Logo alt text"
            value={props.value.altText}
            maxLength={200}
            hint="Read aloud instead of the image; empty uses the site title."
            onChange={(altText) => props.value && props.onChange({ ...props.value, altText })}
          />
        </>
      )}
    </fieldset>
  );
}
