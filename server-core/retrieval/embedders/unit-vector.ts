/** Scales `v` to unit length in place; a zero or non-finite norm leaves it as it is. */
export function normaliseInPlace<T extends Float32Array>(v: T): T {
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm);
  if (norm > 0 && Number.isFinite(norm)) for (let d = 0; d < v.length; d++) v[d]! /= norm;
  return v;
}

/** A model's output as a unit vector (cosine is then the dot product). */
export function unitVector(values: readonly number[]): Float32Array<ArrayBuffer> {
  return normaliseInPlace(Float32Array.from(values));
}
