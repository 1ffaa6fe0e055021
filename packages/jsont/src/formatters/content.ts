/**
 * Content formatters: absolute URLs, the audio player, images and their meta,
 * colours, item classes, resizing by `originalSize`, and the video wrapper.
 */
import { colorWeight, imageColor, websiteColor } from '../content/color.js';
import {
  imageMetaAttributes,
  imageTag,
  resizedSide,
  splitDimensions,
  srcsetAttribute,
  thumbnailBucket,
} from '../content/image.js';
import { itemClasses } from '../content/item-classes.js';
import { renderVideo } from '../content/video.js';
import { type FormatterTable, valueFormatter } from '../plugin.js';
import { asString, field, path } from '../values/json.js';

function requestedSize(args: readonly string[]): number {
  return Number.parseInt(args[0] ?? '', 10);
}

function audioPlayer(item: unknown): string {
  const id = asString(field(item, 'id'));
  let out = "<script>Y.use('squarespace-audio-player-frontend');</script>\n";
  out += '<div class="squarespace-audio-player"';
  out += ` data-audio-asset-url="${asString(path(item, 'structuredContent', 'audioAssetUrl'))}"`;
  out += ` data-item-id="${id}" id="audio-player-${id}"></div>`;
  return out;
}

export const CONTENT_FORMATTERS: FormatterTable = {
  AbsUrl: valueFormatter((value, _args, ctx) => `${asString(ctx.resolve('base-url'))}/${asString(value)}`),
  'audio-player': valueFormatter((item) => audioPlayer(item)),
  'child-image-meta': valueFormatter((node, args, ctx) => {
    const index = args.length === 0 ? 0 : Number.parseInt(args[0] ?? '', 10);
    return imageMetaAttributes(path(node, 'items', index), ctx);
  }),
  'cover-image-meta': valueFormatter((node, _args, ctx) => imageMetaAttributes(field(node, 'coverImage'), ctx)),
  'color-weight': valueFormatter((value) => colorWeight(asString(value))),
  height: valueFormatter((value) => splitDimensions(value)?.[1]),
  width: valueFormatter((value) => splitDimensions(value)?.[0]),
  image: valueFormatter((image, args, ctx) =>
    imageTag(image, args.length === 1 ? (args[0] ?? '') : 'thumb-image', ctx),
  ),
  'image-color': valueFormatter((image, args) => imageColor(image, args)),
  'image-meta': valueFormatter((image, _args, ctx) => imageMetaAttributes(image, ctx)),
  'image-srcset': valueFormatter((image) => srcsetAttribute(image)),
  'item-classes': valueFormatter((item, _args, ctx) => itemClasses(item, ctx)),
  resizedHeightForWidth: valueFormatter((size, args) => resizedSide(size, requestedSize(args), 'height')),
  resizedWidthForHeight: valueFormatter((size, args) => resizedSide(size, requestedSize(args), 'width')),
  squarespaceThumbnailForHeight: valueFormatter((size, args) => {
    const width = resizedSide(size, requestedSize(args), 'width');
    return typeof width === 'number' ? thumbnailBucket(width) : width;
  }),
  squarespaceThumbnailForWidth: valueFormatter((_size, args) => thumbnailBucket(requestedSize(args))),
  'website-color': valueFormatter((color) => websiteColor(color)),
  video: valueFormatter((video, args) => renderVideo(video, args)),
};
