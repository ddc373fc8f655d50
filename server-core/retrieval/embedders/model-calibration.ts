import type { Closeness, TextWeight } from '../types';

/**
 * GloVe's cosines run high (an unrelated question often reaches 0.7 or more), so it needs a high floor
 * and relies on the standout rule ("i want to talk to someone" is about as close to every article).
 * Also applied to an HTTP model nobody calibrated, as before models had their own levels.
 */
export const GLOVE_CLOSENESS: Closeness = { related: 0.7, margin: 0.05, standout: 0.05 };

/**
 * The sentence encoder's cosines run low: a paraphrase of an article lands at 0.45-0.65, off-topic
 * questions mostly under 0.3. Chosen on the retrieval bench's development queries, the store help
 * center of the tests and ten off-topic questions (docs/decisions/retrieval.md#help-closeness-per-model).
 */
export const USE_LITE_CLOSENESS: Closeness = { related: 0.44, margin: 0.1, standout: 0.05 };

/**
 * The sentence encoder's vectors are strong on paraphrases, which share few words with their answer: when
 * the best full-text hit holds at most half the query's words, hybrid leans on meaning (0.05); a query
 * fully matched by words leans on them (0.8), linearly between. Chosen on the development queries
 * (docs/decisions/retrieval.md#full-text-weight-by-coverage). GloVe keeps the constant FULLTEXT_WEIGHT:
 * the same ramp did not help it there.
 */
export const USE_LITE_TEXT_WEIGHT: TextWeight = { low: 0.05, high: 0.8, knee: 0.5 };

/**
 * Both offline models learnt English only. On other languages their cosines say little: with use-lite
 * "zèbre" reaches 0.53-0.60 to three French articles and "mot de passe" 0.70 to its answer against
 * 0.60-0.64 to the others (docs/decisions/retrieval.md#meaning-only-in-the-models-languages).
 */
export const OFFLINE_MODEL_LANGUAGES: readonly string[] = ['en'];
