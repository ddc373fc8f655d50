import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { FAVICON_SVG } from './demo-assets';

/**
 * The same mark as FAVICON_SVG at 16 x 16 for browsers that ask for /favicon.ico on their own (any page
 * without a <link rel=icon>): one character a pixel, `#` blue, `o` white, `.` transparent.
 */
const PIXELS = [
  '.##############.',
  '################',
  '##oooooooooooo##',
  '##oooo####oooo##',
  '##ooo##oo##ooo##',
  '##ooooooo##ooo##',
  '##oooooo##oooo##',
  '##ooooo##ooooo##',
  '##ooooo##ooooo##',
  '##oooooooooooo##',
  '##ooooo##ooooo##',
  '##oooooooooooo##',
  '###oo###########',
  '###o############',
  '################',
  '.##############.',
];
const COLOURS: Record<string, [number, number, number, number]> = {
  '#': [0x1f, 0x5f, 0xa8, 0xff],
  o: [0xff, 0xff, 0xff, 0xff],
  '.': [0, 0, 0, 0],
};

/** An .ico holding one 32-bit bitmap: directory, BITMAPINFOHEADER, BGRA rows bottom-up, AND mask. */
export function icoFromPixels(rows: readonly string[]): Buffer {
  const size = rows.length;
  const maskRow = Math.ceil(size / 32) * 4;
  const image = 40 + size * size * 4 + size * maskRow;
  const ico = Buffer.alloc(6 + 16 + image);
  ico.writeUInt16LE(1, 2); // type: icon
  ico.writeUInt16LE(1, 4); // one image
  ico.writeUInt8(size, 6);
  ico.writeUInt8(size, 7);
  ico.writeUInt16LE(1, 10); // planes
  ico.writeUInt16LE(32, 12); // bits per pixel
  ico.writeUInt32LE(image, 14);
  ico.writeUInt32LE(22, 18);
  ico.writeUInt32LE(40, 22);
  ico.writeInt32LE(size, 26);
  ico.writeInt32LE(size * 2, 30); // colour and mask stacked
  ico.writeUInt16LE(1, 34);
  ico.writeUInt16LE(32, 36);
  ico.writeUInt32LE(size * size * 4 + size * maskRow, 42);
  const pixels = 22 + 40;
  const mask = pixels + size * size * 4;
  rows.forEach((row, y) => {
    const line = size - 1 - y; // bottom-up
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = COLOURS[row[x]!]!;
      ico.set([b, g, r, a], pixels + (line * size + x) * 4);
      if (a === 0) ico[mask + line * maskRow + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  });
  return ico;
}

const FAVICON_ICO = icoFromPixels(PIXELS);
const CACHE = 'public, max-age=86400';

/** /favicon.svg for pages that link it, /favicon.ico for browsers that ask on their own. */
export function registerFavicon(app: OpenAPIHono<AppEnv>): void {
  app.get('/favicon.svg', (c) =>
    c.body(FAVICON_SVG, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': CACHE }),
  );
  app.get('/favicon.ico', (c) =>
    c.body(new Uint8Array(FAVICON_ICO), 200, { 'Content-Type': 'image/x-icon', 'Cache-Control': CACHE }),
  );
}
