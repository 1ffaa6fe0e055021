/**
 * The video wrapper markup (SPEC §2 template output, §4 overlay rule): the
 * overlay shows a thumbnail only when the video has a main image or a system data id.
 */
import { escapeHtml } from '../values/html.js';
import { asString, field, isTruthy } from '../values/json.js';
import { COLOR_REGIONS } from './color.js';
import { focalPoint } from './image.js';

export function renderVideo(video: unknown, args: readonly string[]): string {
  const oembed = field(video, 'oembed');
  const loadFalse = args.includes('load-false');
  const withColors = args.includes('color-data');
  let out = '<div class="sqs-video-wrapper" ';
  if (loadFalse) out += ' data-load="false" ';
  out += `data-html="${escapeHtml(asString(field(oembed, 'html')))}"`;
  out += ` data-provider-name="${asString(field(oembed, 'providerName'))}">`;
  if (isTruthy(field(video, 'overlay'))) {
    out += '<div class="sqs-video-overlay';
    if (isTruthy(field(video, 'mainImageId')) || isTruthy(field(video, 'systemDataId'))) {
      out += '" style="opacity: 0;">';
      out += `<img data-load="false" data-src="${asString(field(video, 'assetUrl'))}" `;
      out += `data-image-dimensions="${asString(field(video, 'originalSize'))}" `;
      out += `data-image-focal-point="${focalPoint(video)}" `;
      const colorData = field(video, 'colorData');
      if (withColors && isTruthy(colorData)) {
        for (const region of COLOR_REGIONS) {
          out += `data-color-${region.toLowerCase()}="#${asString(field(colorData, `${region}Average`))}" `;
        }
      }
      out += '/>';
    } else {
      out += ' no-thumb" style="opacity: 0;">';
    }
    out += '<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div>';
  }
  return `${out}</div>`;
}
