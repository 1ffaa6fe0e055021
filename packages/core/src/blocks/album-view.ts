import { imageView } from './images.js';
import { MEDIA_BLOCK_LIMITS, isTrackAddress, TRACK_DURATION } from './block-rules.js';
import { type BlockViewBase, recordsOf, textOf } from './view-values.js';

// The album block (60): `content.title`, `content.artist`, an optional `content.cover` image and
// `content.tracks` of `{ title, url, duration? }` (at most 60; a track without a title or a usable
// audio address is left out). Each track is a native `<audio>` player labelled by its caption, so
// the list plays with the keyboard and without any script; the album island only adds "one at a
// time" and "play the next track".

/** `3:45` → `PT3M45S` for `<time datetime>`. */
function isoDuration(duration: string): string {
  const [minutes, seconds] = duration.split(':').map(Number);
  return `PT${minutes}M${seconds}S`;
}

export function albumView(content: Record<string, unknown>, base: BlockViewBase): Record<string, unknown> | undefined {
  const tracks = recordsOf(content.tracks)
    .slice(0, MEDIA_BLOCK_LIMITS.maxTracks)
    .map((track) => ({
      title: textOf(track.title).trim().slice(0, MEDIA_BLOCK_LIMITS.maxTextLength),
      url: textOf(track.url).trim(),
      duration: textOf(track.duration).trim(),
    }))
    .filter((track) => track.title && isTrackAddress(track.url))
    .map((track, i) => {
      const duration = TRACK_DURATION.test(track.duration) ? track.duration : '';
      return {
        ...track,
        number: i + 1,
        trackId: `${base.blockId}-track-${i + 1}`,
        duration,
        durationIso: duration ? isoDuration(duration) : '',
      };
    });
  if (tracks.length === 0) return undefined;
  const title = textOf(content.title).trim() || 'Album';
  return {
    ...base,
    title,
    artist: textOf(content.artist).trim(),
    cover: imageView(content.cover, 500, '(max-width: 432px) 100vw, 240px') ?? null,
    tracks,
    trackCount: tracks.length,
    titleId: `${base.blockId}-title`,
  };
}
