import { describe, expect, it } from 'vitest';
import { sniffAttachmentType } from './sniff-attachment-type';

const b = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

const PNG_HEAD = b(
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13],
  'IHDR',
  [0, 0, 0, 1, 0, 0, 0, 1],
);
const JPEG_HEAD = b([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF', [0]);
const GIF_HEAD = b('GIF89a', [1, 0, 1, 0, 0, 0, 0]);
const WEBP_HEAD = b('RIFF', [36, 0, 0, 0], 'WEBPVP8 ', [0, 0, 0, 0]);
const PDF_HEAD = b('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');

describe('sniffAttachmentType', () => {
  it.each([
    ['PNG', PNG_HEAD, 'image/png'],
    ['JPEG', JPEG_HEAD, 'image/jpeg'],
    ['GIF87a', b('GIF87a', [1, 0, 1, 0, 0, 0, 0]), 'image/gif'],
    ['GIF89a', GIF_HEAD, 'image/gif'],
    ['WebP lossy', WEBP_HEAD, 'image/webp'],
    ['WebP lossless', b('RIFF', [36, 0, 0, 0], 'WEBPVP8L', [0, 0, 0, 0]), 'image/webp'],
    ['WebP extended', b('RIFF', [36, 0, 0, 0], 'WEBPVP8X', [0, 0, 0, 0]), 'image/webp'],
    ['PDF 1.x', PDF_HEAD, 'application/pdf'],
    ['PDF 2.0', b('%PDF-2.0\n'), 'application/pdf'],
  ])('%s by its magic bytes', (_name, head, type) => {
    expect(sniffAttachmentType(head)).toBe(type);
  });

  it.each([
    ['empty', b()],
    ['HTML (whatever it is named)', b('<!DOCTYPE html><html><script>alert(1)</script>')],
    ['SVG', b('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['plain text', b('hello')],
    ['a ZIP', b('PK', [3, 4, 20, 0])],
    ['an executable', b('MZ', [0x90, 0])],
    ['a truncated PNG signature', PNG_HEAD.subarray(0, 7)],
    ['a PNG signature without IHDR', b([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'junkjunk')],
    ['a PNG cut before IHDR', PNG_HEAD.subarray(0, 14)],
    ['a truncated JPEG', b([0xff, 0xd8, 0xff])],
    ['JPEG SOI without a marker', b([0xff, 0xd8, 0xff, 0x00])],
    ['a truncated GIF', b('GIF89a', [1, 0])],
    ['GIF88a', b('GIF88a', [1, 0, 1, 0, 0, 0, 0])],
    ['RIFF that is not WebP (WAV)', b('RIFF', [36, 0, 0, 0], 'WAVEfmt ', [0, 0, 0, 0])],
    ['WebP cut before its chunk', WEBP_HEAD.subarray(0, 13)],
    ['WebP with an unknown chunk', b('RIFF', [36, 0, 0, 0], 'WEBPVP8Q', [0, 0, 0, 0])],
    ['a truncated PDF header', b('%PDF-')],
    ['%PDF without a version', b('%PDF-x.y\n')],
    ['PDF after leading junk (readers accept it)', b('junk\n%PDF-1.7\n')],
    ['PDF 3.0', b('%PDF-3.0\n')],
    ['a GIF/JavaScript polyglot', b('GIF89a/*', [1, 0, 0, 0, 0], '*/=1;<script>alert(1)</script>')],
    ['a PDF that is also HTML', b('%PDF-1.4\n<html><body onload=alert(1)>')],
    [
      'a JPEG with markup in its comment',
      b([0xff, 0xd8, 0xff, 0xfe, 0, 40], '<SCRIPT src=//evil.example></SCRIPT>'),
    ],
    ['a PNG with an iframe after IHDR', b(PNG_HEAD.length ? [...PNG_HEAD] : [], '<iframe src=x>')],
    ['a UTF-8 BOM before a PNG signature', b([0xef, 0xbb, 0xbf, 0x89, 0x50, 0x4e, 0x47])],
  ])('refuses %s', (_name, head) => {
    expect(sniffAttachmentType(head)).toBeNull();
  });

  it('markup past the first KiB is not read (and a long clean PNG passes)', () => {
    const long = new Uint8Array(4096);
    long.set(PNG_HEAD);
    long.set(b('<script>'), 2048);
    expect(sniffAttachmentType(long)).toBe('image/png');
  });
});
