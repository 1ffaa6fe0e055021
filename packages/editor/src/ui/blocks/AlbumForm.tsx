import { blockContentProblems, MEDIA_BLOCK_LIMITS, MEDIA_BLOCK_MESSAGES } from '@tessera/core';
import { listRules } from '@tessera/core/editor';
import { AlbumCoverFields } from './AlbumCover.js';
import { type BlockFormProps, blockEdits, ItemTools, SelectField, TextField } from './common.js';
import { Problems } from './Problems.js';

const AUDIO_FILE = /\.(mp3|m4a|aac|ogg|oga|wav|flac)$/i;
const str = (value: unknown) => (typeof value === 'string' ? value : '');

interface Track {
  title: string;
  url: string;
  duration: string;
}

const trackRules = listRules<Track>({ minItems: 1, maxItems: MEDIA_BLOCK_LIMITS.maxTracks }, () => ({
  title: 'New track',
  url: '',
  duration: '',
}));

function tracksOf(content: Record<string, unknown>): Track[] {
  return (Array.isArray(content.tracks) ? content.tracks : [])
    .filter((t): t is Record<string, unknown> => !!t && typeof t === 'object')
    .map((t) => ({ title: str(t.title), url: str(t.url), duration: str(t.duration) }));
}

/**
 * Album: `content.title`, `content.artist`, an optional `content.cover` (a picture of the site's
 * files with its alt text) and `content.tracks` of `{ title, url, duration }` (at most 60; the
 * audio from the site's files). Visitors get one native player per track, labelled by its title.
 */
export function AlbumForm(props: BlockFormProps) {
  const { set, setMany } = blockEdits(props);
  const { block, files } = props;
  const c = block.content;
  const tracks = tracksOf(c);
  const audio = files.filter((f) => AUDIO_FILE.test(f.name));
  const write = (next: Track[], coalesce?: string) => setMany([['content', 'tracks', next]], coalesce);
  const change = (i: number, patch: Partial<Track>, what: string) =>
    write(
      tracks.map((t, j) => (j === i ? { ...t, ...patch } : t)),
      `tracks.${i}.${what}`,
    );
  return (
    <>
      <TextField label="Album title" value={str(c.title)} onChange={(v) => set('content', 'title', v)} />
      <TextField label="Artist" value={str(c.artist)} onChange={(v) => set('content', 'artist', v)} />
      <AlbumCoverFields value={c.cover} files={files} onChange={(cover) => set('content', 'cover', cover)} />
      {audio.length === 0 && <p className="ed-hint">Upload audio files (MP3) in the file manager to add them here.</p>}
      <ol className="ed-items">
        {tracks.map((track, i) => {
          const name = `Track ${i + 1}`;
          const options = [
            { value: '', label: 'Choose an audio file…' },
            ...(track.url && !audio.some((f) => f.url === track.url) ? [{ value: track.url, label: track.url }] : []),
            ...audio.map((f) => ({ value: f.url, label: f.name })),
          ];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: tracks have no ids; the position is the identity
            <li key={i} className="ed-item">
              <fieldset>
                <legend>{name}</legend>
                <TextField
                  label={`${name} title`}
                  value={track.title}
                  onChange={(v) => change(i, { title: v }, 'title')}
                />
                <SelectField
                  label={`${name} audio file`}
                  value={track.url}
                  options={options}
                  onChange={(v) => change(i, { url: v }, 'url')}
                />
                <TextField
                  label={`${name} length (optional)`}
                  value={track.duration}
                  hint="Minutes and seconds, for example 3:45."
                  onChange={(v) => change(i, { duration: v }, 'duration')}
                />
                <ItemTools
                  name={name}
                  index={i}
                  count={tracks.length}
                  canRemove={trackRules.canRemove(tracks)}
                  onMove={(to) => write(trackRules.move(tracks, i, to))}
                  onRemove={() => write(trackRules.remove(tracks, i))}
                />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button type="button" disabled={!trackRules.canAdd(tracks)} onClick={() => write(trackRules.add(tracks))}>
        Add track
      </button>
      {!trackRules.canAdd(tracks) && <p className="ed-hint">{MEDIA_BLOCK_MESSAGES.tooManyTracks}</p>}
      <Problems problems={blockContentProblems(block)} />
    </>
  );
}
