import { checkUpload } from '@tessera/core';
import { useId, useState } from 'react';
import { type FileEntry, uploadFile } from '../../api.js';
import { useResource } from '../shared/resource.js';
import { FieldError, type FieldErrors } from './field-error.js';

type Image = { url: string; altText: string };

const IMAGE_FILE = /\.(avif|gif|jpe?g|png|webp)$/i;

/**
 * The product's images, in order: chosen from the file manager's uploads (`GET /api/config/files`),
 * uploaded here (store managers may list and upload, not rename or delete), or typed as a
 * `/files/…` address when the list cannot be loaded.
 */
export function ImagesField({
  images,
  errors,
  onChange,
}: {
  images: Image[];
  errors: FieldErrors;
  onChange: (images: Image[]) => void;
}) {
  const id = useId();
  const files = useResource<{ files: FileEntry[] }>('/api/config/files');
  const [choice, setChoice] = useState('');
  const [uploading, setUploading] = useState('');
  const [uploadError, setUploadError] = useState('');
  const choices = (files.data?.files ?? []).filter((f) => IMAGE_FILE.test(f.name));

  const add = () => {
    const url = choice.trim();
    if (!url || images.some((i) => i.url === url)) return;
    onChange([...images, { url, altText: '' }]);
    setChoice('');
  };
  // Uploads each chosen picture in turn, then adds the ones that arrived after the product's images.
  const upload = async (chosen: File[]) => {
    setUploadError('');
    const added: Image[] = [];
    for (const file of chosen) {
      const refused =
        checkUpload(file.name, file.size) ?? (IMAGE_FILE.test(file.name) ? undefined : `${file.name} is not an image`);
      if (refused) {
        setUploadError(refused);
        continue;
      }
      setUploading(`Uploading ${file.name}…`);
      try {
        const entry = await uploadFile(file, (fraction) =>
          setUploading(`Uploading ${file.name}: ${Math.round(fraction * 100)}%`),
        );
        added.push({ url: entry.url, altText: '' });
      } catch (e) {
        setUploadError((e as Error).message);
      }
    }
    setUploading(added.length > 0 ? `Uploaded and added ${added.length} image${added.length === 1 ? '' : 's'}.` : '');
    if (added.length > 0) {
      onChange([...images, ...added.filter((a) => !images.some((i) => i.url === a.url))]);
      await files.reload();
    }
  };
  const move = (index: number, by: number) => {
    const next = [...images];
    const [moved] = next.splice(index, 1);
    if (!moved) return;
    next.splice(index + by, 0, moved);
    onChange(next);
  };

  return (
    <fieldset>
      <legend>Images</legend>
      {images.length === 0 && <p className="ed-product__hint">No images yet. The first image shows in the shop.</p>}
      <ol className="ed-images">
        {images.map((image, index) => {
          const name = decodeURIComponent(image.url.split('/').pop() ?? image.url);
          return (
            <li key={image.url} className="ed-images__row">
              <img src={image.url} alt="" />
              <label>
                Alt text of {name}
                <input
                  value={image.altText}
                  onChange={(e) =>
                    onChange(images.map((im, i) => (i === index ? { ...im, altText: e.target.value } : im)))
                  }
                />
              </label>
              <button
                type="button"
                aria-label={`Move ${name} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                aria-label={`Move ${name} down`}
                disabled={index === images.length - 1}
                onClick={() => move(index, 1)}
              >
                ↓
              </button>
              <button
                type="button"
                aria-label={`Remove ${name}`}
                onClick={() => onChange(images.filter((_, i) => i !== index))}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ol>
      <div className="ed-product__row">
        {files.error ? (
          <label>
            Image address (/files/…)
            <input value={choice} placeholder="/files/photo.jpg" onChange={(e) => setChoice(e.target.value)} />
          </label>
        ) : (
          <label>
            Add an uploaded image
            <select value={choice} onChange={(e) => setChoice(e.target.value)}>
              <option value="">Choose a file</option>
              {choices.map((file) => (
                <option key={file.url} value={file.url}>
                  {file.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="button" disabled={!choice.trim()} onClick={add}>
          Add image
        </button>
      </div>
      <div className="ed-product__row">
        <label htmlFor={`${id}-upload`}>Upload images</label>
        <input
          id={`${id}-upload`}
          type="file"
          accept="image/*"
          multiple
          onChange={(e) => {
            const chosen = [...(e.target.files ?? [])];
            e.target.value = '';
            if (chosen.length > 0) void upload(chosen);
          }}
        />
      </div>
      <p className="ed-product__hint" role="status">
        {uploading}
      </p>
      {uploadError && (
        <p className="ed-field-error" role="alert">
          {uploadError}
        </p>
      )}
      {files.error && (
        <p className="ed-product__hint">
          Uploads could not be listed ({files.error}); type the address of an uploaded file.
        </p>
      )}
      <FieldError errors={errors} path="images" />
      {images.map((_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: messages follow the images' positions
        <FieldError key={index} errors={errors} path={`images.${index}.url`} />
      ))}
    </fieldset>
  );
}
