/** Spec 001 §5: the amount is a whole number from 1 to 1000; anything else falls back to 1. */
export function creditAmount(text: string): number {
  const n = Number(text.trim());
  return Number.isInteger(n) && n >= 1 && n <= 1000 ? n : 1;
}
