import type { AttachmentType } from './attachment-types';

/** How many leading bytes the sniffer reads (the polyglot check looks at all of them). */
export const SNIFF_BYTES = 1024;

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IHDR = ascii('IHDR');
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const VP8 = ascii('VP8');
const PDF = ascii('%PDF-');

/**
 * Markup a browser would run if it ever rendered the file as a document. A file of an allowed type whose
 * first KiB also carries one of these is a polyglot and refused, whatever its magic bytes say.
 */
const ACTIVE_MARKUP = ['<script', '<html', '<!doctype html', '<iframe', '<svg', '<body', '<object', '<embed'];

function isPng(b: Uint8Array): boolean {
  // Signature, then the first chunk, which must be IHDR (length 13).
  return startsWith(b, PNG) && startsWith(b, [0, 0, 0, 13], 8) && startsWith(b, IHDR, 12);
}

function isJpeg(b: Uint8Array): boolean {
  // SOI, then the first marker of a segment (APPn, DQT, SOF, DHT, COM...).
  return b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff && b[3]! >= 0xc0 && b[3]! <= 0xfe;
}

function isGif(b: Uint8Array): boolean {
  // Header and the 7-byte logical screen descriptor.
  return (startsWith(b, GIF87) || startsWith(b, GIF89)) && b.length >= 13;
}

function isWebp(b: Uint8Array): boolean {
  // RIFF <size> WEBP, then a VP8 / VP8L / VP8X chunk.
  const fourth = b[15];
  return (
    startsWith(b, RIFF) &&
    startsWith(b, WEBP, 8) &&
    startsWith(b, VP8, 12) &&
    (fourth === 0x20 || fourth === 0x4c || fourth === 0x58)
  );
}

function isPdf(b: Uint8Array): boolean {
  // %PDF-1.x or %PDF-2.x at offset 0 (readers accept junk before it; we do not).
  return (
    startsWith(b, PDF) && (b[5] === 0x31 || b[5] === 0x32) && b[6] === 0x2e && b[7]! >= 0x30 && b[7]! <= 0x39
  );
}

function carriesMarkup(b: Uint8Array): boolean {
  let text = '';
  const n = Math.min(b.length, SNIFF_BYTES);
  for (let i = 0; i < n; i++) {
    const c = b[i]!;
    text += String.fromCharCode(c >= 0x41 && c <= 0x5a ? c + 0x20 : c); // ASCII lower case
  }
  return ACTIVE_MARKUP.some((m) => text.includes(m));
}

/**
 * The attachment type of a file by its first bytes (at least SNIFF_BYTES of them when the file is that
 * long), or null: not one of the five types, a truncated header, or a polyglot that also carries markup.
 * The name and the type the sender claims are never consulted.
 */
export function sniffAttachmentType(head: Uint8Array): AttachmentType | null {
  let type: AttachmentType | null = null;
  if (isPng(head)) type = 'image/png';
  else if (isJpeg(head)) type = 'image/jpeg';
  else if (isGif(head)) type = 'image/gif';
  else if (isWebp(head)) type = 'image/webp';
  else if (isPdf(head)) type = 'application/pdf';
  if (type === null || carriesMarkup(head)) return null;
  return type;
}
