// `/favicon.ico` as a real Windows icon file holding several sizes, each a PNG (the ICO format has
// allowed PNG entries since Windows Vista; every current browser reads them). Layout: a 6-byte
// header (reserved 0, type 1 = icon, count), one 16-byte directory entry per image, then the images.

/** Sizes put in `/favicon.ico`: tabs and bookmarks (16, 32), taskbars and shortcuts (48). */
export const ICO_SIZES = Object.freeze([16, 32, 48] as const);

const HEADER_BYTES = 6;
const ENTRY_BYTES = 16;

/** An ICO file of square PNG images; `size` is each image's width and height in pixels (1–256). */
export function icoFile(images: readonly { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const entries = Buffer.alloc(ENTRY_BYTES * images.length);
  let offset = HEADER_BYTES + entries.length;
  for (const [index, image] of images.entries()) {
    if (!Number.isInteger(image.size) || image.size < 1 || image.size > 256) {
      throw new RangeError(`An icon image is 1 to 256 pixels wide, not ${image.size}.`);
    }
    const at = index * ENTRY_BYTES;
    // 256 is written as 0.
    entries.writeUInt8(image.size % 256, at);
    entries.writeUInt8(image.size % 256, at + 1);
    entries.writeUInt8(0, at + 2); // no palette
    entries.writeUInt8(0, at + 3); // reserved
    entries.writeUInt16LE(1, at + 4); // colour planes
    entries.writeUInt16LE(32, at + 6); // bits per pixel
    entries.writeUInt32LE(image.png.length, at + 8);
    entries.writeUInt32LE(offset, at + 12);
    offset += image.png.length;
  }
  return Buffer.concat([header, entries, ...images.map((image) => image.png)]);
}

/** The images of an ICO file (size and bytes), for tests and checks; throws on a file that is not one. */
export function readIco(file: Buffer): { size: number; bytes: Buffer }[] {
  if (file.length < HEADER_BYTES || file.readUInt16LE(0) !== 0 || file.readUInt16LE(2) !== 1) {
    throw new Error('not an icon file');
  }
  const count = file.readUInt16LE(4);
  const images: { size: number; bytes: Buffer }[] = [];
  for (let index = 0; index < count; index++) {
    const at = HEADER_BYTES + index * ENTRY_BYTES;
    const length = file.readUInt32LE(at + 8);
    const offset = file.readUInt32LE(at + 12);
    if (offset + length > file.length) throw new Error('an icon image lies past the end of the file');
    images.push({ size: file.readUInt8(at) || 256, bytes: file.subarray(offset, offset + length) });
  }
  return images;
}
