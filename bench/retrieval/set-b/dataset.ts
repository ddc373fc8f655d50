import type { EvalDocument } from '../types';
import { BREWBOX } from './docs-brewbox';
import { PAWPOINT } from './docs-pawpoint';
import { QUILLNOTE } from './docs-quillnote';
import { TALLYROUTE } from './docs-tallyroute';

export { SET_B_QUERIES } from './queries';

/**
 * The second, independent set: other made-up products, other author pass, shorter articles. Held out
 * as a whole: ranking changes are measured on it, never tuned on it.
 */
export const SET_B_DOCUMENTS: readonly EvalDocument[] = [
  ...BREWBOX,
  ...TALLYROUTE,
  ...PAWPOINT,
  ...QUILLNOTE,
];
