import { useId } from 'react';
import { type BlockFormProps, blockEdits, IMAGE_FILE, ItemTools } from './common.js';
import {
  type GalleryImage,
  galleryImagesOf,
  imageName,
  movedImage,
  replacedImage,
  withImageText,
  withoutImage,
} from './gallery-images.js';

/** Thumbnails only of the site's own files (the editor loads no picture from elsewhere). */
const ownFile = (url: unknown): url is string => typeof url === 'string' && /^\/files\//.test(url);

/**
 * A gallery's pictures in order: each with its file (another of the site's pictures can take its
 * place), its alt text, and buttons to move it up or down or remove it. Every change is one undo step;
 * typing in one alt text field is one step.
 */
export function GalleryImages(props: BlockFormProps) {
  const id = useId();
  const { set, setMany } = blockEdits(props);
  const images = galleryImagesOf(props.block.content);
  const pictures = props.files.filter((f) => IMAGE_FILE.test(f.name));
  const change = (next: GalleryImage[]) => set('content', 'images', next, false);
  if (images.length === 0) return <p className="ed-hint">No pictures yet: choose some below.</p>;
  return (
    <fieldset>
      <legend>Pictures in order</legend>
      <ol className="ed-items">
        {images.map((image, i) => {
          const url = typeof image.assetUrl === 'string' ? image.assetUrl : '';
          const known = pictures.some((f) => f.url === url);
          const name = `picture ${i + 1}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a picture is its place in the list; fields follow it
            <li key={i} className="ed-item ed-gallery-image">
              {ownFile(url) ? (
                <img src={url} alt="" width={64} height={48} className="ed-gallery-image__thumb" />
              ) : (
                <span className="ed-gallery-image__thumb" aria-hidden="true" />
              )}
              <label htmlFor={`${id}-${i}-file`}>Picture {i + 1}</label>
              <select
                id={`${id}-${i}-file`}
                value={url}
                onChange={(e) => change(replacedImage(images, i, e.target.value))}
              >
                {!known && <option value={url}>{imageName(image) || 'No file'}</option>}
                {pictures.map((f) => (
                  <option key={f.name} value={f.url}>
                    {f.name}
                  </option>
                ))}
              </select>
              <label htmlFor={`${id}-${i}-alt`}>Alt text of picture {i + 1}</label>
              <input
                id={`${id}-${i}-alt`}
                type="text"
                value={typeof image.altText === 'string' ? image.altText : ''}
                onChange={(e) =>
                  setMany([['content', 'images', withImageText(images, i, 'altText', e.target.value)]], `alt.${i}`)
                }
              />
              <ItemTools
                name={name}
                index={i}
                count={images.length}
                canRemove
                onMove={(to) => change(movedImage(images, i, to))}
                onRemove={() => change(withoutImage(images, i))}
              />
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}
