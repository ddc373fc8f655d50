/**
 * A chunk's `document_ref` (`<kind>:<source id>` and, for one part of the source, `#<anchor>`: a guide
 * step `step-3`, a heading slug) split into its parts; null for anything else.
 */
export function parseDocumentRef(ref: string): { kind: string; id: string; anchor: string | null } | null {
  const match = /^([a-z]+):([^#\s]+)(?:#([^\s]+))?$/.exec(ref);
  if (!match) return null;
  return { kind: match[1]!, id: match[2]!, anchor: match[3] ?? null };
}

/** The step number of a guide anchor `step-<seq>`; null for any other anchor. */
export function stepSeq(anchor: string | null): number | null {
  const match = anchor === null ? null : /^step-(\d{1,6})$/.exec(anchor);
  return match ? Number(match[1]) : null;
}
