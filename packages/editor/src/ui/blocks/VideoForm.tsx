import { checkVideoUrl } from '@tessera/core/editor';
import { type BlockFormProps, blockEdits, CheckField, IMAGE_FILE, TextField, useDraftText } from './common.js';
import { useState } from 'react';

const str = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);

/**
 * Video: the address (checked by core's `checkVideoUrl`: a basic account's private links get SPEC's
 * "Please share a video from a different account."), its title, the play overlay and a thumbnail
 * from the file manager. A refused address never reaches the block; the provider name is written
 * with the address, as the runtime shows "Watch “title” on provider".
 */
export function VideoForm(props: BlockFormProps) {
  const { set, setMany } = blockEdits(props);
  const { block, files } = props;
  const c = block.content;
  const [url, setUrl, wrote] = useDraftText(str(c.url));
  const [error, setError] = useState('');
  const image = (c.image ?? null) as { assetUrl?: string } | null;
  const thumb = c.mainImageId || c.systemDataId ? str(image?.assetUrl) : '';
  return (
    <>
      <TextField
        label="Video address"
        type="url"
        value={url}
        error={error}
        hint={c.providerName ? `From ${str(c.providerName)}.` : 'A page on YouTube, Vimeo or another video host.'}
        onChange={(v) => {
          setUrl(v);
          const result = checkVideoUrl(v);
          if (!result.ok) {
            setError(result.message);
            return;
          }
          setError('');
          wrote(result.url);
          setMany(
            [
              ['content', 'url', result.url],
              ['content', 'providerName', result.providerName],
            ],
            'content.url',
          );
        }}
      />
      <TextField label="Video title" value={str(c.title)} onChange={(v) => set('content', 'title', v)} />
      <CheckField
        label="Show a play button over the thumbnail"
        checked={c.overlay !== false}
        onChange={(v) => set('content', 'overlay', v)}
      />
      <label>
        Thumbnail
        <select
          value={thumb}
          onChange={(e) => {
            const chosen = e.target.value;
            setMany([
              ['content', 'image', chosen ? { assetUrl: chosen, altText: '' } : null],
              ['content', 'mainImageId', chosen || null],
              ['content', 'systemDataId', null],
            ]);
          }}
        >
          <option value="">None</option>
          {thumb && !files.some((f) => f.url === thumb) && <option value={thumb}>{thumb}</option>}
          {files
            .filter((f) => IMAGE_FILE.test(f.name))
            .map((f) => (
              <option key={f.name} value={f.url}>
                {f.name}
              </option>
            ))}
        </select>
      </label>
    </>
  );
}
