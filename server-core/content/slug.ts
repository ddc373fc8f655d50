/** Slugs of articles and collections, and anchors of headings: lower-case words joined by dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 120;

/** `Résumé: Getting started!` → `resume-getting-started`; '' when nothing usable is left. */
export function slugify(text: string, max = 80): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max);
  const dash = cut.lastIndexOf('-');
  return (dash > max / 2 ? cut.slice(0, dash) : cut).replace(/-+$/, '');
}

/** Anchors unique within one document, the way GitHub does it: `setup`, `setup-1`, `setup-2`. */
export function anchorMaker(): (text: string) => string {
  const seen = new Map<string, number>();
  return (text) => {
    const base = slugify(text) || 'section';
    const n = seen.get(base);
    seen.set(base, (n ?? 0) + 1);
    if (n === undefined) return base;
    let candidate = `${base}-${n}`;
    while (seen.has(candidate)) candidate = `${candidate}-1`;
    seen.set(candidate, 1);
    return candidate;
  };
}
