// Simple product silhouettes for the demo shop's generated images, on an 800×1000 canvas.
// Each is SVG markup filled with `url(#p)` (the product colour) and, for details, `url(#d)`
// (a lighter tone of it). No text, nothing downloaded.

export type SeedShape = 'shirt' | 'tote' | 'book' | 'sofa' | 'card' | 'bag' | 'mug' | 'scarf' | 'stickers';

const buttons = [380, 450, 520, 590, 660].map((y) => `<circle cx="400" cy="${y}" r="7" fill="url(#d)"/>`).join('');

/** Tassels under a scarf end 120 px wide starting at x0. */
function fringe(x0: number, y: number): string {
  let out = '';
  for (let x = x0 + 2.5; x <= x0 + 118; x += 14.5) {
    // A rect, not a line: a gradient fill needs a box with width.
    out += `<rect x="${x - 2.5}" y="${y}" width="5" height="34" fill="url(#p)"/>`;
  }
  return out;
}

export const SHAPES: Record<SeedShape, string> = {
  shirt: `<path d="M305 250 L360 225 Q400 262 440 225 L495 250 L610 330 L565 420 L510 388 L510 780 Q400 795 290 780 L290 388 L235 420 L190 330 Z" fill="url(#p)"/>
    <path d="M360 225 L400 300 L440 225 Q400 262 360 225 Z" fill="url(#d)"/>
    <rect x="398.5" y="300" width="3" height="485" fill="url(#d)"/>${buttons}`,
  tote: `<path d="M330 430 Q330 250 400 250 Q470 250 470 430" fill="none" stroke="url(#d)" stroke-width="22"/>
    <path d="M250 420 L550 420 L575 780 L225 780 Z" fill="url(#p)"/>
    <rect x="330" y="520" width="140" height="110" rx="8" fill="url(#d)" opacity="0.55"/>`,
  book: `<rect x="270" y="270" width="270" height="440" rx="10" fill="url(#p)"/>
    <rect x="270" y="270" width="26" height="440" fill="url(#d)" opacity="0.6"/>
    <circle cx="418" cy="430" r="62" fill="url(#d)"/>
    <rect x="340" y="560" width="156" height="12" rx="6" fill="url(#d)"/>
    <rect x="365" y="590" width="106" height="12" rx="6" fill="url(#d)" opacity="0.7"/>`,
  sofa: `<rect x="215" y="420" width="370" height="170" rx="36" fill="url(#p)"/>
    <rect x="170" y="500" width="90" height="190" rx="34" fill="url(#p)"/>
    <rect x="540" y="500" width="90" height="190" rx="34" fill="url(#p)"/>
    <rect x="240" y="560" width="320" height="100" rx="24" fill="url(#d)"/>
    <rect x="205" y="690" width="22" height="60" rx="6" fill="url(#p)"/>
    <rect x="573" y="690" width="22" height="60" rx="6" fill="url(#p)"/>`,
  card: `<rect x="190" y="360" width="420" height="270" rx="22" fill="url(#p)"/>
    <rect x="440" y="360" width="34" height="270" fill="url(#d)"/>
    <rect x="190" y="470" width="420" height="34" fill="url(#d)"/>
    <ellipse cx="428" cy="470" rx="42" ry="26" fill="url(#d)" transform="rotate(-28 428 470)"/>
    <ellipse cx="488" cy="470" rx="42" ry="26" fill="url(#d)" transform="rotate(28 488 470)"/>`,
  bag: `<path d="M300 330 L500 330 L530 770 Q400 790 270 770 Z" fill="url(#p)"/>
    <rect x="292" y="300" width="216" height="48" rx="6" fill="url(#d)"/>
    <ellipse cx="400" cy="560" rx="40" ry="58" fill="url(#d)"/>
    <path d="M400 506 Q378 560 400 614" fill="none" stroke="url(#p)" stroke-width="8"/>`,
  mug: `<circle cx="535" cy="545" r="70" fill="none" stroke="url(#p)" stroke-width="32"/>
    <path d="M260 400 L520 400 L510 700 Q390 730 270 700 Z" fill="url(#p)"/>
    <ellipse cx="390" cy="402" rx="130" ry="22" fill="url(#d)"/>`,
  scarf: `<path d="M280 262 A60 60 0 0 1 400 262 L400 740 L280 740 Z" fill="url(#p)"/>
    <path d="M400 262 A60 60 0 0 1 520 262 L520 680 L400 680 Z" fill="url(#p)" opacity="0.9"/>
    <rect x="280" y="640" width="120" height="14" fill="url(#d)"/><rect x="280" y="670" width="120" height="6" fill="url(#d)"/>
    <rect x="400" y="580" width="120" height="14" fill="url(#d)"/><rect x="400" y="610" width="120" height="6" fill="url(#d)"/>
    ${fringe(280, 740)}${fringe(400, 680)}
    <line x1="210" y1="208" x2="590" y2="208" stroke="#9c958a" stroke-width="10" stroke-linecap="round"/>`,
  stickers: `<rect x="220" y="260" width="360" height="480" rx="18" fill="#fbfaf7"/>
    <circle cx="320" cy="370" r="62" fill="url(#p)"/>
    <path d="M480 310 Q540 370 480 430 Q420 370 480 310 Z" fill="url(#p)"/>
    <rect x="262" y="480" width="116" height="116" rx="30" fill="url(#d)"/>
    <circle cx="480" cy="540" r="56" fill="url(#d)"/>
    <path d="M320 640 Q360 700 320 720 Q280 700 320 640 Z" fill="url(#p)"/>
    <circle cx="480" cy="680" r="36" fill="url(#p)"/>`,
};
