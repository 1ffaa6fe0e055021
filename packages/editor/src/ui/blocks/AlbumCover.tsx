import { useEffect, useRef } from 'react';
import type { FileEntry } from '../../api.js';
import { IMAGE_FILE, SelectField, TextField } from './common.js';

/** The album's stored cover: an image asset of the site's files (`content.cover`). */
export interface AlbumCover {
  assetUrl: string;
  altText: string;
  /** `1200x1200`, read from the picture once it has loaded: the page prints it as width and height. */
  originalSize?: string;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

export function coverOf(value: unknown): AlbumCover | null {
  if (!value || typeof value !== 'object') return null;
  const cover = value as Record<string, unknown>;
  const assetUrl = str(cover.assetUrl);
  if (!assetUrl) return null;
  const size = str(cover.originalSize);
  return { assetUrl, altText: str(cover.altText), ...(size ? { originalSize: size } : {}) };
}

/** The cover after the owner picks another file ('' for none): the alt text stays, the old size goes. */
export function pickedCover(current: AlbumCover | null, assetUrl: string): AlbumCover | null {
  return assetUrl ? { assetUrl, altText: current?.altText ?? '' } : null;
}

/** The picture's size in pixels as `WxH`, or '' when the browser cannot load it. */
async function pictureSize(url: string): Promise<string> {
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch {
    return '';
  }
  return image.naturalWidth && image.naturalHeight ? `${image.naturalWidth}x${image.naturalHeight}` : '';
}

/**
 * The album's cover: a picture from the site's files and its alt text. Once a newly picked picture
 * has loaded, its size is stored with it (in the same undo step), so the published page gives the
 * image its width and height and the right srcset widths.
 */
export function AlbumCoverFields({
  value,
  files,
  onChange,
}: {
  value: unknown;
  files: FileEntry[];
  onChange: (cover: AlbumCover | null) => void;
}) {
  const cover = coverOf(value);
  // The cover as last rendered or, newer, as last changed here: a change builds on it, not on this
  // render's `cover`. The picture's size arrives on its own time; an alt text typed before the
  // render that carries the size would otherwise write the cover back without it (or the size, the
  // cover without the alt text).
  const latest = useRef(cover);
  latest.current = cover;
  const change = (next: AlbumCover | null) => {
    latest.current = next;
    onChange(next);
  };
  const url = cover?.assetUrl ?? '';
  const needsSize = Boolean(cover && !cover.originalSize);
  // biome-ignore lint/correctness/useExhaustiveDependencies: change and onChange are new functions each render; the size is read once per picture
  useEffect(() => {
    if (!needsSize || !url) return;
    let current = true;
    void pictureSize(url).then((size) => {
      const now = latest.current;
      if (current && size && now?.assetUrl === url && !now.originalSize) change({ ...now, originalSize: size });
    });
    return () => {
      current = false;
    };
  }, [url, needsSize]);
  const images = files.filter((f) => IMAGE_FILE.test(f.name));
  const options = [
    { value: '', label: 'No cover' },
    ...(url && !images.some((f) => f.url === url) ? [{ value: url, label: url }] : []),
    ...images.map((f) => ({ value: f.url, label: f.name })),
  ];
  return (
    <fieldset>
      <legend>Cover</legend>
      {images.length === 0 && !url && (
        <p className="ed-hint">Upload a picture (JPEG, PNG, WebP or GIF) in the file manager to use it as the cover.</p>
      )}
      <SelectField
        label="Cover image"
        value={url}
        options={options}
        onChange={(v) => change(pickedCover(latest.current, v))}
      />
      {cover && (
        <TextField
          label="Cover alt text"
          value={cover.altText}
          hint="Describe the picture for people who cannot see it."
          onChange={(v) => {
            const now = latest.current ?? cover;
            change({ ...now, altText: v });
          }}
        />
      )}
    </fieldset>
  );
}
