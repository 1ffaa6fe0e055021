import { imageView } from './images.js';
import { coverAddressOf, isCoverAddress, isTrackAddress, MEDIA_BLOCK_LIMITS, TRACK_DURATION } from './block-rules.js';
import { type BlockViewBase, recordsOf, textOf } from './view-values.js';

// The album block (60): `content.title`, `content.artist`, an optional `content.cover` image asset
// (`{ assetUrl, altText, originalSize }`, a picture of the site's files, shown 160 px wide with a
// srcset, its size and lazy loading; any other address is left out) and `content.tracks` of
// `{ title, url, duration? }` (at most 60; a track without a title or a usable audio address is
// left out). Each track is a native `<audio>` player labelled by its caption, so
// the list plays with the keyboard and without any script; the album island only adds "one at a
// time" and "play the next track".

/** The cover's width in the theme (`.album__cover`), in CSS pixels; the `src` is picked for 2x screens. */
const COVER_WIDTH = 160;
const COVER_SIZES = `${COVER_WIDTH}px`;

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
    cover: isCoverAddress(coverAddressOf(content))
      ? (imageView(content.cover, COVER_WIDTH * 2, COVER_SIZES) ?? null)
      : null,
    tracks,
    trackCount: tracks.length,
    titleId: `${base.blockId}-title`,
  };
}
