import { useId, useState } from 'react';
import type { FileEntry } from '../../api.js';
import { FileManager } from '../../ui/FileManager.js';
import { useResource } from '../shared/resource.js';
import './image-picker.css';

const IMAGE_FILE = /\.(gif|jpe?g|png|webp)$/i;

/**
 * One picture from the file manager (`GET /api/config/files`): a choice of the uploaded images, a
 * thumbnail, its alt text, and the file manager itself for uploading a new one. Used by the post
 * editor (featured image) and the popup editor.
 */
export function ImagePicker(props: {
  label: string;
  url: string;
  altText: string;
  onChange: (url: string, altText: string) => void;
}) {
  const id = useId();
  const files = useResource<{ files: FileEntry[] }>('/api/config/files');
  const [managing, setManaging] = useState(false);
  const images = (files.data?.files ?? []).filter((file) => IMAGE_FILE.test(file.name));
  const known = images.some((file) => file.url === props.url);

  return (
    <fieldset className="ed-image-picker">
      <legend>{props.label}</legend>
      <div className="ed-image-picker__row">
        {props.url ? (
          <img src={props.url} alt="" className="ed-image-picker__thumb" width={96} height={64} />
        ) : (
          <span className="ed-image-picker__thumb ed-image-picker__thumb--empty" aria-hidden="true" />
        )}
        <div className="ed-image-picker__fields">
          <label htmlFor={`${id}-file`}>Image file</label>
          <select
            id={`${id}-file`}
            value={props.url}
            onChange={(e) => props.onChange(e.target.value, e.target.value ? props.altText : '')}
          >
            <option value="">No image</option>
            {props.url && !known && <option value={props.url}>{decodeURIComponent(props.url.slice(7))}</option>}
            {images.map((file) => (
              <option key={file.name} value={file.url}>
                {file.name}
              </option>
            ))}
          </select>
          {props.url && (
            <>
              <label htmlFor={`${id}-alt`}>Alt text</label>
              <input
                id={`${id}-alt`}
                value={props.altText}
                maxLength={200}
                onChange={(e) => props.onChange(props.url, e.target.value)}
              />
            </>
          )}
          <button type="button" onClick={() => setManaging(true)}>
            Upload or manage files…
          </button>
          {files.error && (
            <p className="ed-field-error" role="alert">
              {files.error}
            </p>
          )}
        </div>
      </div>
      {managing && (
        <FileManager files={files.data?.files ?? []} onClose={() => setManaging(false)} onChanged={files.reload} />
      )}
    </fieldset>
  );
}
