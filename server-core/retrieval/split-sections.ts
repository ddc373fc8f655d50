import type { SourceSection } from './types';

/** A chunk longer than this is split at paragraph, then sentence, then word boundaries. */
export const MAX_CHUNK_CHARS = 1200;

export interface ChunkDraft {
  anchor: string | null;
  heading: string | null;
  text: string;
}

/** Sections to chunks: empty sections dropped, long ones cut into pieces that keep their anchor. */
export function splitSections(sections: readonly SourceSection[], max = MAX_CHUNK_CHARS): ChunkDraft[] {
  const out: ChunkDraft[] = [];
  for (const s of sections) {
    const text = s.text
      .replace(/[ \t]+/g, ' ')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    if (!text && !s.heading) continue;
    for (const piece of cut(text || (s.heading ?? ''), max))
      out.push({ anchor: s.anchor, heading: s.heading, text: piece });
  }
  return out;
}

function cut(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const units = splitUnits(text, max);
  const pieces: string[] = [];
  let current = '';
  for (const unit of units) {
    if (current && current.length + 1 + unit.length > max) {
      pieces.push(current);
      current = unit;
    } else {
      current = current ? `${current} ${unit}` : unit;
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

/** Paragraphs, then sentences, then words: the coarsest units each no longer than max. */
function splitUnits(text: string, max: number): string[] {
  const out: string[] = [];
  for (const para of text.split(/\n\s*\n/)) {
    if (para.length <= max) {
      out.push(para.trim());
      continue;
    }
    for (const sentence of para.split(/(?<=[.!?])\s+/)) {
      if (sentence.length <= max) out.push(sentence);
      else for (let i = 0; i < sentence.length; i += max) out.push(sentence.slice(i, i + max));
    }
  }
  return out.filter(Boolean);
}
