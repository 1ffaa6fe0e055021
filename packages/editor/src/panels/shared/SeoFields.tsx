import { ITEM_SEO_LIMITS, type ItemSeo } from '@tessera/core';
import { useId } from 'react';
import type { FileEntry } from '../../api.js';
import { useResource } from './resource.js';

const SOCIAL_IMAGE_FILE = /\.(gif|jpe?g|png|webp)$/i;

/**
 * "Search and sharing" of a product, post or event: SEO title and description, the image link
 * previews show, and hiding the item from search engines. Messages come keyed `seo.<field>`, as
 * core's `validateItemSeo` and the owner API name them.
 */
export function SeoFields(props: { seo: ItemSeo; errors: Record<string, string>; onChange: (seo: ItemSeo) => void }) {
  const id = useId();
  const files = useResource<{ files: FileEntry[] }>('/api/config/files');
  const images = (files.data?.files ?? []).filter((file) => SOCIAL_IMAGE_FILE.test(file.name));
  const { seo, errors } = props;
  const set = (patch: Partial<ItemSeo>) => props.onChange({ ...seo, ...patch });
  const invalid = (field: string) =>
    errors[`seo.${field}`] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${field}-error` } : {};
  const message = (field: string) =>
    errors[`seo.${field}`] ? (
      <span className="ed-field-error" id={`${id}-${field}-error`}>
        {errors[`seo.${field}`]}
      </span>
    ) : null;

  return (
    <fieldset className="ed-seo">
      <legend>Search and sharing</legend>
      <label>
        SEO title
        <input
          value={seo.title}
          maxLength={ITEM_SEO_LIMITS.titleMaxLength}
          placeholder="the title"
          onChange={(e) => set({ title: e.target.value })}
          {...invalid('title')}
        />
        {message('title')}
      </label>
      <label>
        SEO description
        <textarea
          rows={2}
          value={seo.description}
          maxLength={ITEM_SEO_LIMITS.descriptionMaxLength}
          placeholder="the short description"
          onChange={(e) => set({ description: e.target.value })}
          {...invalid('description')}
        />
        {message('description')}
      </label>
      <label>
        Social image
        <select
          value={seo.socialImage}
          onChange={(e) => set({ socialImage: e.target.value })}
          {...invalid('socialImage')}
        >
          <option value="">The first picture</option>
          {seo.socialImage && !images.some((file) => file.url === seo.socialImage) && (
            <option value={seo.socialImage}>{decodeURIComponent(seo.socialImage.slice('/files/'.length))}</option>
          )}
          {images.map((file) => (
            <option key={file.name} value={file.url}>
              {file.name}
            </option>
          ))}
        </select>
        {message('socialImage')}
      </label>
      <label className="ed-check">
        <input type="checkbox" checked={seo.noindex} onChange={(e) => set({ noindex: e.target.checked })} />
        Hide from search engines
      </label>
    </fieldset>
  );
}
