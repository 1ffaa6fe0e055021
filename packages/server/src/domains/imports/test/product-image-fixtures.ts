// Issue 19: a local HTTP server playing an old shop's picture host for the product CSV import
// (product-images.test.ts), the Shopify and Squarespace files naming its pictures, and a way to
// compare product CSVs apart from their picture addresses (export-backup.test.ts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { readCsv } from '../csv-read.js';
import { MAX_MEDIA_BYTES } from '../wordpress-media.js';

export interface PictureHost {
  origin: string;
  /** Real pictures by path (`/shop/apron.jpg`), as served. */
  pictures: Map<string, Buffer>;
  /** Every path asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

const picture = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } });

/**
 * Serves small real pictures (JPEG, PNG, WebP), a web page where a picture should be
 * (`/bad/page.jpg`) and a picture larger than the import takes (`/bad/huge.jpg`).
 */
export async function startPictureHost(): Promise<PictureHost> {
  const pictures = new Map<string, Buffer>([
    ['/shop/apron.jpg', await picture(320, 200, '#cc3322').jpeg().toBuffer()],
    ['/shop/apron-back.png', await picture(200, 320, '#2233cc').png().toBuffer()],
    ['/shop/blue.jpg', await picture(64, 64, '#0000ff').jpeg().toBuffer()],
    ['/sq/bowl.webp', await picture(300, 300, '#aa8844').webp().toBuffer()],
    ['/sq/bowl-2.jpg', await picture(120, 90, '#448844').jpeg().toBuffer()],
  ]);
  const huge = Buffer.alloc(MAX_MEDIA_BYTES + 64 * 1024, 0xff);
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').replace(/\?.*$/, '');
    requests.push(path);
    const known = pictures.get(path);
    if (known) res.writeHead(200, { 'content-type': 'image/*' }).end(known);
    else if (path === '/bad/page.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html>moved</html>');
    else if (path === '/bad/huge.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(huge);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    pictures,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A Shopify product CSV: an apron whose pictures come in the file out of position order, one
 * address twice, and variant pictures; a mug showing the apron's first picture again; a product
 * whose pictures are each refused (a web page, too large, a private address, a loopback host not
 * allowed, not http).
 */
export function shopifyWithPictures(origin: string): string {
  const port = new URL(origin).port;
  const o = origin;
  return [
    'Handle,Title,Body (HTML),Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Inventory Tracker,Variant Inventory Qty,Variant Requires Shipping,Image Src,Image Position,Image Alt Text,Variant Image,Status',
    `pic-apron,Picture apron,<p>Apron</p>,Aprons,linen,TRUE,Colour,Red,PA-RED,40.00,shopify,3,TRUE,${o}/shop/apron-back.png,2,"Apron, from the back",${o}/shop/apron.jpg,active`,
    `pic-apron,,,,,,,Blue,PA-BLUE,40.00,shopify,2,TRUE,${o}/shop/apron.jpg,1,Apron from the front,${o}/shop/blue.jpg,`,
    `pic-apron,,,,,,,,,,,,,${o}/shop/apron.jpg,3,Named twice,,`,
    `pic-mug,Picture mug,<p>Mug</p>,Mugs,,TRUE,Title,Default Title,PM-1,12.00,,,TRUE,${o}/shop/apron.jpg,1,A mug,,active`,
    `pic-bad,Bad pictures,<p>Bad</p>,,,TRUE,Title,Default Title,PB-1,5.00,,,TRUE,${o}/bad/page.jpg,1,Page,,active`,
    `pic-bad,,,,,,,,,,,,,${o}/bad/huge.jpg,2,,,`,
    'pic-bad,,,,,,,,,,,,,http://10.1.2.3/secret.jpg,3,,,',
    `pic-bad,,,,,,,,,,,,,http://localhost:${port}/shop/apron.jpg,4,,,`,
    'pic-bad,,,,,,,,,,,,,ftp://files.example.com/apron.jpg,5,,,',
  ].join('\n');
}

/** A Squarespace product export whose product names two pictures (space separated), one of them twice. */
export function squarespaceWithPictures(origin: string): string {
  return [
    'Product ID [Non Editable],Variant ID [Non Editable],Product Type [Non Editable],Product URL,Title,Description,SKU,Option Name 1,Option Value 1,Price,Sale Price,On Sale,Stock,Categories,Tags,Visible,Hosted Image URLs',
    `p9,v1,PHYSICAL,pic-bowl,Picture bowl,<p>Bowl</p>,PBOWL-S,Size,Small,28.00,0,No,4,Kitchen,bowls,Yes,${origin}/sq/bowl.webp ${origin}/sq/bowl-2.jpg ${origin}/sq/bowl.webp`,
    'p9,v2,,,,,PBOWL-L,,Large,36.00,0,No,2,,,,',
  ].join('\n');
}

const PICTURE_COLUMNS = ['Image Src', 'Image Position', 'Image Alt Text', 'Variant Image', 'Hosted Image URLs'];

/**
 * A product CSV without its picture columns, and without the rows that only carried a picture:
 * the same catalogue file whatever addresses its pictures have.
 */
export function withoutPictures(csv: string): string {
  const [header, ...rows] = readCsv(csv);
  const keep = (header?.cells ?? []).map((name) => !PICTURE_COLUMNS.includes(name));
  const cut = (cells: string[]) => cells.filter((_, i) => keep[i]);
  const lines = [cut(header?.cells ?? []), ...rows.map((row) => cut(row.cells))]
    // A row left with its handle only was a picture row.
    .filter((cells, i) => i === 0 || cells.slice(1).some((cell) => cell !== ''))
    .map((cells) => JSON.stringify(cells));
  return lines.join('\n');
}
