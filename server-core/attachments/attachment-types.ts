/** The five attachment types of the specification (widget.md section 2), as sniffed from the content. */
export const ATTACHMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** The boot config's `max_bytes`: the largest file an upload may carry (docs/decisions/attachments.md). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The extension a stored name ends with, per type (the first one is appended when a name has none of them). */
export const ATTACHMENT_EXTENSIONS: Record<AttachmentType, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
};

export type AttachmentStatus = 'scanning' | 'clean' | 'blocked';

/** Images are shown inline (previews); PDFs are always a download. */
export const isInlineType = (type: AttachmentType) => type !== 'application/pdf';
