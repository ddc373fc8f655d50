import { LEDGERLY } from './docs-ledgerly';
import { MEETLOOP } from './docs-meetloop';
import { NESTWARM } from './docs-nestwarm';
import { PAYDAYO } from './docs-paydayo';
import { TRACKWISE } from './docs-trackwise';
import { VAULTKEY } from './docs-vaultkey';
import { QUERIES } from './queries';
import type { EvalDocument, EvalQuery } from './types';

/** Every evaluation document, all products in one help center. */
export const EVAL_DOCUMENTS: readonly EvalDocument[] = [
  ...LEDGERLY,
  ...TRACKWISE,
  ...NESTWARM,
  ...PAYDAYO,
  ...MEETLOOP,
  ...VAULTKEY,
];

export const EVAL_QUERIES: readonly EvalQuery[] = QUERIES;
