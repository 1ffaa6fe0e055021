// Gallery island (no React): slideshow and carousel controls (buttons, thumbnails, arrow keys,
// autoplay that respects reduced motion) and the lightbox, which is its own chunk, fetched on the
// first open. Without JavaScript the gallery still works: the track scrolls, thumbnails are anchor
// links and every picture links to its file.

export interface GalleryHandle {
  go(index: number): void;
  current(): number;
}

function slidesOf(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('.gallery__slide')];
}

export function mountGallery(root: HTMLElement, win: Window = window): Promise<boolean> {
  const track = root.querySelector<HTMLElement>('.gallery__track');
  const slides = slidesOf(root);
  const counter = root.querySelector<HTMLElement>('.gallery__current');
  const thumbs = [...root.querySelectorAll<HTMLAnchorElement>('.gallery__thumb')];
  const links = [...root.querySelectorAll<HTMLAnchorElement>('.gallery__link')];
  let index = 0;

  const show = (next: number) => {
    index = next;
    if (counter) counter.textContent = String(next + 1);
    thumbs.forEach((thumb, i) => {
      if (i === next) thumb.setAttribute('aria-current', 'true');
      else thumb.removeAttribute('aria-current');
    });
    root.dataset.current = String(next);
  };

  // The slide a button, key, thumbnail or autoplay is scrolling to. While its smooth scroll runs,
  // the positions it passes do not move the counter (already right) back to an earlier slide; a
  // busy page can let the scroll settle timer below fire halfway.
  let heading: number | undefined;

  const go = (target: number) => {
    if (!track || slides.length === 0) return;
    const next = (target + slides.length) % slides.length;
    heading = next;
    const slide = slides[next];
    if (slide)
      track.scrollTo({ left: slide.offsetLeft - track.offsetLeft, behavior: reducedMotion(win) ? 'auto' : 'smooth' });
    show(next);
  };

  root.querySelector('.gallery__prev')?.addEventListener('click', (event) => {
    event.preventDefault();
    go(index - 1);
  });
  root.querySelector('.gallery__next')?.addEventListener('click', (event) => {
    event.preventDefault();
    go(index + 1);
  });
  for (const thumb of thumbs) {
    thumb.addEventListener('click', (event) => {
      event.preventDefault();
      go(Number(thumb.dataset.index ?? 0));
    });
  }
  for (const control of root.querySelectorAll<HTMLElement>('.gallery__prev, .gallery__next')) {
    control.addEventListener('keydown', (event) => {
      if (event.key === ' ') {
        event.preventDefault();
        control.click();
      }
    });
  }
  track?.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(index + 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(index - 1);
    }
  });
  // Keep the counter right when the visitor swipes or scrolls the track by hand.
  let settle: number | undefined;
  track?.addEventListener(
    'scroll',
    () => {
      win.clearTimeout(settle);
      settle = win.setTimeout(() => {
        const width = slides[0]?.offsetWidth ?? 1;
        const nearest = Math.round(track.scrollLeft / Math.max(width, 1));
        if (heading !== undefined) {
          if (nearest === heading) heading = undefined;
          return;
        }
        if (nearest !== index && nearest >= 0 && nearest < slides.length) show(nearest);
      }, 120);
    },
    { passive: true },
  );
  // A hand on the track (a swipe, the wheel, the scrollbar) takes over from a scroll it started.
  for (const type of ['pointerdown', 'touchstart', 'wheel'] as const) {
    track?.addEventListener(type, () => (heading = undefined), { passive: true });
  }

  if (root.dataset.autoplay === 'true' && track && slides.length > 1 && !reducedMotion(win)) {
    const every = Math.min(Math.max(Number(root.dataset.autoplayMs) || 5000, 1000), 10_000);
    let paused = false;
    root.addEventListener('pointerenter', () => (paused = true));
    root.addEventListener('pointerleave', () => (paused = false));
    root.addEventListener('focusin', () => (paused = true));
    root.addEventListener('focusout', () => (paused = false));
    win.setInterval(() => {
      if (!paused && win.document.visibilityState === 'visible') go(index + 1);
    }, every);
  }

  if (root.dataset.lightbox === 'true') {
    for (const link of links) {
      link.addEventListener('click', (event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void import('./lightbox.js').then(({ openLightbox }) =>
          openLightbox(root, Number(link.dataset.index ?? 0), link, win),
        );
      });
    }
  }
  show(0);
  root.dataset.islandState = 'live';
  return Promise.resolve(true);
}

function reducedMotion(win: Window): boolean {
  return win.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}
