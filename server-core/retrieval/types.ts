/** What retrieval indexes, how it is split, and what turns text into vectors. */

export type Audience = 'public' | 'customers' | 'internal';
export const AUDIENCES: readonly Audience[] = ['public', 'customers', 'internal'];

export type SourceKind = 'guide' | 'article' | 'page' | 'upload';

/** A structural part of a source: an article section under a heading, a guide step, a page section. */
export interface SourceSection {
  /** Fragment naming the part inside its source (a heading slug, `step-3`), or null for the whole. */
  anchor: string | null;
  heading: string | null;
  /** Plain text (no markup). */
  text: string;
}

/** A published source, in the shape the index takes it. */
export interface SourceDocument {
  kind: SourceKind;
  id: string;
  title: string;
  /** Where a reader opens the source (absolute or site-relative), or null when it has no address. */
  url: string | null;
  audience: Audience;
  sections: SourceSection[];
}

/**
 * What the texts of one embed() call are: a search's query (short, someone waiting) or documents (chunks,
 * in bulk). The same vectors either way; an embedder may schedule the two apart so a query never waits
 * behind a bulk job.
 */
export type EmbedPurpose = 'query' | 'document';

export interface EmbedOptions {
  /** 'document' when omitted. */
  purpose?: EmbedPurpose;
}

/**
 * Turns texts into vectors of `dimension` numbers, L2-normalised (so cosine is the dot product); a
 * text with nothing the model knows gives the zero vector. `inline` embedders are local and fast
 * enough to run inside a write transaction; the others are run by a job after commit.
 */
export interface Embedder {
  readonly model: string;
  readonly dimension: number;
  readonly inline: boolean;
  /** Where this model's cosines say "related"; absent for a model nobody calibrated (GLOVE_CLOSENESS applies). */
  readonly closeness?: Closeness;
  /** The full-text share of a hybrid score by the query's word coverage; absent: FULLTEXT_WEIGHT always. */
  readonly textWeight?: TextWeight;
  /**
   * The languages (ISO 639-1) whose meaning the model knows; absent: any (a model behind HTTP is taken
   * at its word). Rules that trust a cosine on its own (the widget's Help search) trust it only in these.
   */
  readonly languages?: readonly string[];
  embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]>;
}

/**
 * Cosine levels of one model for rules that must tell a related hit from a mere nearest neighbour (the
 * widget's Help search): cosine scales differ by model (GloVe's run high, a sentence encoder's low).
 */
export interface Closeness {
  /** The best hit must reach this cosine to count at all. */
  related: number;
  /** Other hits count only within this distance of the best. */
  margin: number;
  /** In a pool of several sources the best must exceed the pool's median by this much. */
  standout: number;
}

/**
 * The full-text share of a hybrid score as the share of the query's words that the best full-text hit
 * holds (its coverage) grows: `low` up to `knee`, rising linearly to `high` at full coverage.
 */
export interface TextWeight {
  low: number;
  high: number;
  knee: number;
}
