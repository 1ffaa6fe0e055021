import type { BlockData } from './block-views.js';
import { GALLERY_ASPECT_RATIOS, gallerySettings } from './gallery-settings.js';
import { type ImageView, imageView } from './images.js';
import { recordsOf as list } from './view-values.js';

// The gallery block's view (grid, slideshow, carousel, stacked) from its SPEC §3 settings.

export function galleryView(block: BlockData, key: string): Record<string, unknown> {
  const settings = gallerySettings(block.settings, block.variant);
  const id = `gallery-${key}`;
  const columns = settings['thumbnails-per-row'];
  const perSlide = settings.design === 'slider' ? '(max-width: 432px) 85vw, 40vw' : '(max-width: 432px) 100vw, 1100px';
  const sizes = settings.design === 'grid' ? `(max-width: 432px) 50vw, ${Math.ceil(100 / columns)}vw` : perSlide;
  const width = settings.design === 'grid' ? Math.ceil(1200 / columns) : 1500;
  const images = list(block.content.images)
    .map((asset, i) => {
      const image = imageView(asset, width, sizes);
      if (!image) return undefined;
      const thumb = imageView(asset, 100, `${settings['thumbnail-strip-height']}px`);
      return { ...image, index: i, number: i + 1, slideId: `${id}-slide-${i + 1}`, thumb, first: i === 0 };
    })
    .filter(
      (
        x,
      ): x is ImageView & {
        index: number;
        number: number;
        slideId: string;
        thumb: ImageView | undefined;
        first: boolean;
      } => !!x,
    );
  const showTitle = settings['show-meta'] && settings['show-meta-basic'];
  const design = settings.design;
  return {
    galleryId: id,
    settings,
    design,
    isGrid: design === 'grid',
    isSlideshow: design === 'slideshow',
    isCarousel: design === 'slider',
    isStacked: design === 'stacked',
    images,
    count: images.length,
    // CSS custom properties carry the numeric settings; booleans become classes and data attributes.
    style: [
      `--gallery-columns:${columns}`,
      `--gallery-gap:${settings.padding}px`,
      `--gallery-ratio:${GALLERY_ASPECT_RATIOS[settings['aspect-ratio']]}`,
      `--gallery-thumb-height:${settings['thumbnail-strip-height']}px`,
      `--gallery-thumb-margin:${settings['thumbnail-strip-margin']}px`,
      `--gallery-max-width:${settings['max-width']}px`,
    ].join(';'),
    classes: [
      `gallery--${design === 'slider' ? 'carousel' : design}`,
      settings['auto-crop'] ? 'gallery--crop' : 'gallery--fit',
      settings['square-thumbs'] ? 'gallery--square-thumbs' : '',
      settings.transparentBackground ? 'gallery--transparent' : '',
      settings['show-meta-on-hover'] ? 'gallery--meta-hover' : '',
      `gallery--meta-${settings['meta-position']}`,
      `gallery--align-${settings['active-alignment']}`,
    ]
      .filter(Boolean)
      .join(' '),
    showMeta: showTitle,
    showDescription: showTitle && !settings['show-meta-only-title'],
    showControls: settings.controls || design === 'slideshow' || design === 'slider',
    showThumbnails: settings.thumbnails && design === 'slideshow',
    lightbox: settings.lightbox,
    lightboxTheme: settings.lightboxTheme,
    autoplay: settings.autoplay,
    autoplayMs: settings['autoplay-duration'] * 1000,
    target: settings.newWindow ? '_blank' : '',
    interactive: design !== 'stacked' || settings.lightbox,
  };
}
