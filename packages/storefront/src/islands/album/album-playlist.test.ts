// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { mountAlbum } from './album-playlist.js';

// The album partial's markup (three tracks); happy-dom's media elements do not play, so `play` is
// stubbed to record the call and fire the event a browser would.
function album(): { root: HTMLElement; players: HTMLAudioElement[]; started: string[] } {
  document.body.innerHTML = `
<section class="album" data-island="album"><ol class="album__tracks">
  ${[1, 2, 3]
    .map(
      (n) => `<li class="album__track"><figure><figcaption id="t${n}">Track ${n}</figcaption>
      <audio class="album__audio" controls src="/files/${n}.mp3" aria-labelledby="t${n}"></audio></figure></li>`,
    )
    .join('')}
</ol></section>`;
  const root = document.querySelector<HTMLElement>('.album')!;
  const players = [...root.querySelectorAll<HTMLAudioElement>('audio')];
  const started: string[] = [];
  for (const player of players) {
    let paused = true;
    Object.defineProperty(player, 'paused', { get: () => paused });
    player.play = () => {
      paused = false;
      started.push(player.getAttribute('src')!);
      player.dispatchEvent(new Event('play'));
      return Promise.resolve();
    };
    player.pause = () => {
      paused = true;
      player.dispatchEvent(new Event('pause'));
    };
  }
  return { root, players, started };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('album playlist', () => {
  it('plays one track at a time and marks the playing one', async () => {
    const { root, players } = album();
    expect(await mountAlbum(root)).toBe(true);
    await players[0]!.play();
    await players[2]!.play();
    expect(players.map((p) => p.paused)).toEqual([true, true, false]);
    const marked = [...root.querySelectorAll('.album__track--playing')].map((li) => li.textContent?.trim().slice(0, 7));
    expect(marked).toEqual(['Track 3']);
  });

  it('starts the next track when one ends, and stops after the last', async () => {
    const { root, players, started } = album();
    await mountAlbum(root);
    await players[1]!.play();
    players[1]!.pause();
    players[1]!.dispatchEvent(new Event('ended'));
    expect(started).toEqual(['/files/2.mp3', '/files/3.mp3']);
    players[2]!.dispatchEvent(new Event('ended'));
    expect(started).toHaveLength(2);
  });

  it('leaves a block without players alone', async () => {
    document.body.innerHTML = '<section class="album"></section>';
    expect(await mountAlbum(document.querySelector<HTMLElement>('.album')!)).toBe(false);
  });
});
