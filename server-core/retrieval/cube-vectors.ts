/** The cube extension's limit (CUBE_MAX_DIM): longer vectors have no cube copy; see sketch-vectors.ts. */
export const CUBE_MAX_DIM = 100;
