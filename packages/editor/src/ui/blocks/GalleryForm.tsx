import { GALLERY_SETTING_FIELDS } from '@tessera/core';
import { type BlockFormProps, blockEdits, CheckField, IMAGE_FILE, RangeField } from './common.js';
import { GalleryImages } from './GalleryImages.js';

/**
 * Every SPEC "Gallery settings" field with its range and default, the pictures in order (each with its
 * file, alt text, place and a remove button), and the images from the file manager to add or take out.
 */
export function GalleryForm(props: BlockFormProps) {
  const { set } = blockEdits(props);
  const { block, files } = props;
  const s = block.settings;
  const images = Array.isArray(block.content.images) ? (block.content.images as { assetUrl?: string }[]) : [];
  const pictures = files.filter((f) => IMAGE_FILE.test(f.name));
  return (
    <>
      {GALLERY_SETTING_FIELDS.map((field) => {
        const value = s[field.name] ?? field.default;
        if (field.kind === 'boolean')
          return (
            <CheckField
              key={field.name}
              label={field.label}
              checked={value === true}
              onChange={(v) => set('settings', field.name, v)}
            />
          );
        if (field.kind === 'range')
          return (
            <RangeField
              key={field.name}
              label={field.label}
              value={Number(value)}
              min={field.min}
              max={field.max}
              unit={field.unit ?? ''}
              onChange={(v) => set('settings', field.name, v)}
            />
          );
        return (
          <label key={field.name}>
            {field.label}
            <select value={String(value)} onChange={(e) => set('settings', field.name, e.target.value)}>
              {field.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        );
      })}
      <GalleryImages {...props} />
      <fieldset>
        <legend>Images</legend>
        {pictures.length === 0 && <p className="ed-hint">Upload images in Files first.</p>}
        {pictures.map((f) => {
          const on = images.some((i) => i.assetUrl === f.url);
          return (
            <CheckField
              key={f.name}
              label={f.name}
              checked={on}
              onChange={() =>
                set(
                  'content',
                  'images',
                  on
                    ? images.filter((i) => i.assetUrl !== f.url)
                    : [...images, { assetUrl: f.url, title: f.name, altText: '' }],
                  false,
                )
              }
            />
          );
        })}
      </fieldset>
    </>
  );
}
