// The gallery lightbox: a modal <dialog> over the page, dark or light (SPEC lightboxTheme), with
// previous/next buttons and arrow keys; Escape, the close button or a click on the backdrop close
// it and focus returns to the picture that opened it.

interface Picture {
  src: string;
  srcset: string;
  alt: string;
  caption: string;
}

function picturesOf(root: HTMLElement): Picture[] {
  const seen = new Set<number>();
  const pictures: Picture[] = [];
  for (const link of root.querySelectorAll<HTMLAnchorElement>('.gallery__link')) {
    const index = Number(link.dataset.index ?? pictures.length);
    if (seen.has(index)) continue;
    seen.add(index);
    const img = link.querySelector('img');
    const figure = link.closest('figure');
    pictures[index] = {
      src: link.dataset.large || link.href,
      srcset: img?.getAttribute('srcset') ?? '',
      alt: img?.getAttribute('alt') ?? '',
      caption: figure?.querySelector('.gallery__meta')?.textContent?.trim() ?? '',
    };
  }
  return pictures.filter(Boolean);
}

function button(doc: Document, className: string, label: string, text: string): HTMLButtonElement {
  const el = doc.createElement('button');
  el.type = 'button';
  el.className = className;
  el.setAttribute('aria-label', label);
  el.textContent = text;
  return el;
}

export function openLightbox(
  root: HTMLElement,
  start: number,
  opener: HTMLElement,
  win: Window = window,
): HTMLDialogElement {
  const doc = win.document;
  const pictures = picturesOf(root);
  const theme = root.dataset.lightboxTheme === 'light' ? 'light' : 'dark';
  const dialog = doc.createElement('dialog');
  dialog.className = `lightbox lightbox--${theme}`;
  dialog.setAttribute('aria-label', 'Image viewer');
  const stage = doc.createElement('div');
  stage.className = 'lightbox__stage';
  const figure = doc.createElement('figure');
  figure.className = 'lightbox__figure';
  const img = doc.createElement('img');
  img.className = 'lightbox__img';
  img.sizes = '100vw';
  const caption = doc.createElement('figcaption');
  caption.className = 'lightbox__caption';
  caption.setAttribute('aria-live', 'polite');
  figure.append(img);
  stage.append(figure, caption);
  const close = button(doc, 'lightbox__close', 'Close', '×');
  const prev = button(doc, 'lightbox__prev', 'Previous image', '‹');
  const next = button(doc, 'lightbox__next', 'Next image', '›');
  dialog.append(stage, prev, next, close);
  if (pictures.length < 2) {
    prev.hidden = true;
    next.hidden = true;
  }

  let index = 0;
  const show = (target: number) => {
    index = (target + pictures.length) % pictures.length;
    const picture = pictures[index];
    if (!picture) return;
    img.src = picture.src;
    if (picture.srcset) img.srcset = picture.srcset;
    img.alt = picture.alt;
    caption.textContent = `${picture.caption ? `${picture.caption} · ` : ''}${index + 1} / ${pictures.length}`;
    dialog.dataset.index = String(index);
  };

  close.addEventListener('click', () => dialog.close());
  prev.addEventListener('click', () => show(index - 1));
  next.addEventListener('click', () => show(index + 1));
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowRight') show(index + 1);
    else if (event.key === 'ArrowLeft') show(index - 1);
  });
  // A press on the dark area around the picture closes, like Escape.
  stage.addEventListener('click', (event) => {
    if (event.target === stage || event.target === figure) dialog.close();
  });
  dialog.addEventListener('close', () => {
    dialog.remove();
    doc.documentElement.style.removeProperty('overflow');
    opener.focus();
  });

  doc.body.append(dialog);
  show(start);
  doc.documentElement.style.overflow = 'hidden';
  dialog.showModal();
  close.focus();
  return dialog;
}
