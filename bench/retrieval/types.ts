/** The retrieval evaluation set: help-center documents over made-up products and judged queries. */

export interface EvalDocument {
  /** Stable id, `<product>-<slug>`. */
  id: string;
  product: string;
  title: string;
  /** Markdown: an intro, then optional `## ` sections. */
  body: string;
}

/**
 * keyword: a few search-box words; question: a natural question; paraphrase: the need in other words,
 * sharing few or no content words with the answer's title and body; multi-fact: a question whose answer
 * takes two articles (each graded 2).
 */
export type QueryKind = 'keyword' | 'question' | 'paraphrase' | 'multi-fact';

export interface EvalQuery {
  id: string;
  kind: QueryKind;
  query: string;
  /** Graded judgments by document id: 2 = the answer, 1 = related and useful. Unlisted documents are 0. */
  relevant: Record<string, 1 | 2>;
}

/** Tags each document of one product with the product's name. */
export function productDocs(product: string, docs: Omit<EvalDocument, 'product'>[]): EvalDocument[] {
  return docs.map((d) => ({ ...d, product }));
}
