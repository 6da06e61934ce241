/** Scales a vector to unit length in place (a zero vector stays zero) and returns it. */
export function l2Normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  if (norm > 0 && Number.isFinite(norm)) {
    for (let i = 0; i < vector.length; i++) vector[i] = vector[i]! / norm;
  }
  return vector;
}
