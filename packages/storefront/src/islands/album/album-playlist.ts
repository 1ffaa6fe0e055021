// Album island (no React): the server's list of native players, one per track, plays as a
// playlist: starting a track pauses the one playing, and when a track ends the next one starts.
// Without JavaScript every player still works on its own (controls, keyboard, captions). Nothing
// here is shared with other islands.

const PLAYING = 'album__track--playing';

function trackOf(audio: HTMLAudioElement): HTMLElement | null {
  return audio.closest<HTMLElement>('.album__track');
}

export function mountAlbum(root: HTMLElement): Promise<boolean> {
  const players = [...root.querySelectorAll<HTMLAudioElement>('audio.album__audio')];
  if (players.length === 0) return Promise.resolve(false);
  // Media events do not bubble: listen in the capture phase on the block.
  root.addEventListener(
    'play',
    (event) => {
      const started = event.target;
      if (!(started instanceof HTMLAudioElement)) return;
      for (const other of players) {
        if (other !== started && !other.paused) other.pause();
        trackOf(other)?.classList.toggle(PLAYING, other === started);
      }
    },
    true,
  );
  root.addEventListener(
    'pause',
    (event) => {
      if (event.target instanceof HTMLAudioElement) trackOf(event.target)?.classList.remove(PLAYING);
    },
    true,
  );
  root.addEventListener(
    'ended',
    (event) => {
      const ended = event.target;
      if (!(ended instanceof HTMLAudioElement)) return;
      trackOf(ended)?.classList.remove(PLAYING);
      const next = players[players.indexOf(ended) + 1];
      if (next) {
        next.currentTime = 0;
        void next.play().catch(() => undefined);
      }
    },
    true,
  );
  root.dataset.albumPlaylist = 'on';
  return Promise.resolve(true);
}
