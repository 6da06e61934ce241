/** The value clamped to 0..1; NaN and infinities become 0 (a score LanceDB left out). */
export function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}
