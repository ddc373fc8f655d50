import { Readable } from 'node:stream';
import { isInlineType } from '../../server-core/attachments/attachment-types';
import type { OpenedAttachment } from '../../server-core/attachments/open-attachment';

/** The policy of a served file: nothing it names may load or run, and it is sandboxed if ever rendered. */
export const ATTACHMENT_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * `inline` (images) or `attachment` (PDFs) with the stored name twice: an ASCII fallback (anything else as
 * `_`) and the UTF-8 form of RFC 6266 / RFC 8187. The stored name has no quotes, backslashes or controls.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The file as an HTTP answer: its sniffed type, nosniff, a restrictive CSP, never cached by shared caches. */
export function attachmentResponse({ attachment, body }: OpenedAttachment): {
  body: ReadableStream<Uint8Array>;
  headers: Record<string, string>;
} {
  const headers = {
    'Content-Type': attachment.type,
    'Content-Length': String(attachment.size),
    'Content-Disposition': contentDisposition(
      isInlineType(attachment.type) ? 'inline' : 'attachment',
      attachment.name,
    ),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': ATTACHMENT_CSP,
    'Cache-Control': 'private, no-store',
    // An image preview is drawn on the customer's page: the file may be embedded cross-origin.
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };
  return { body: Readable.toWeb(body) as ReadableStream<Uint8Array>, headers };
}
