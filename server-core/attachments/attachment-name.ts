import { ATTACHMENT_EXTENSIONS, type AttachmentType } from './attachment-types';

/** The longest stored name, in characters (code points). */
export const ATTACHMENT_NAME_MAX = 120;

// Controls (C0, DEL, C1), format characters (bidirectional overrides and isolates, zero-width characters,
// the BOM, soft hyphens), private-use and lone surrogates, and the characters that mean something in paths,
// headers or markup.
const UNSAFE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}"*:<>?|\\/;%`$]/gu;

/**
 * The name a file is stored and shown under: only the last path segment of what the sender said, NFC,
 * without controls, bidi tricks, quotes or path characters (each becomes `_`), whitespace collapsed, no
 * leading dots, at most ATTACHMENT_NAME_MAX characters, and ending with an extension of the sniffed type
 * (`invoice.pdf.exe` sniffed as a PDF is stored as `invoice.pdf.exe.pdf`).
 */
export function sanitizeAttachmentName(sent: string, type: AttachmentType): string {
  const last = sent.split(/[\\/]/).pop() ?? '';
  let name = last
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .replace(UNSAFE, '_')
    .replace(/^[\s.]+|[\s.]+$/gu, '');
  const extensions = ATTACHMENT_EXTENSIONS[type];
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  let stem = extensions.includes(ext) ? name.slice(0, dot) : name;
  const suffix = `.${extensions.includes(ext) ? ext : extensions[0]}`;
  if (stem.replace(/_/g, '').trim() === '') stem = 'attachment';
  const room = ATTACHMENT_NAME_MAX - suffix.length;
  const chars = [...stem];
  if (chars.length > room) stem = chars.slice(0, room).join('').trimEnd();
  name = `${stem}${suffix}`;
  return name;
}
