/** Seeded randomness. Every random choice the testkit makes goes through here. */

/** 32-bit FNV-1a hash of a string. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small, fast PRNG; good enough for jitter and shares. Returns [0, 1). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable [0, 1) value for (seed, key): the same host always gets the same draw, whatever the order. */
export function uniformFor(seed: number, key: string): number {
  return createRandom(hashString(`${seed}\u0000${key}`))();
}

/** z-score of the 99th percentile of the standard normal distribution. */
const Z99 = 2.3263478740408408;

/**
 * Log-normal sampler with the given median and 99th percentile (both in ms):
 * mu = ln(median), sigma = ln(p99 / median) / z99.
 */
export function logNormalSampler(random: () => number, medianMs: number, p99Ms: number): () => number {
  const mu = Math.log(medianMs);
  const sigma = Math.log(p99Ms / medianMs) / Z99;
  return () => {
    // Box–Muller; 1 - random() keeps the logarithm's argument in (0, 1].
    const z = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    return Math.exp(mu + sigma * z);
  };
}
