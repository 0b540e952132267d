/**
 * Many-listeners-per-signal cancellation. A search's thousands of checks all wait on one AbortSignal;
 * adding and removing that many EventTarget listeners is linear per call (quadratic per search —
 * measured as the largest CPU cost of ten parallel searches). Here each signal gets one real listener
 * and a Set of callbacks, so registering and unregistering are O(1).
 */
const registries = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Calls `callback` once when `signal` aborts (at once, synchronously, if it already has).
 * Returns the function that unregisters it.
 */
export function whenAborted(signal: AbortSignal, callback: () => void): () => void {
  if (signal.aborted) {
    callback();
    return () => {};
  }
  let callbacks = registries.get(signal);
  if (!callbacks) {
    const fresh = new Set<() => void>();
    callbacks = fresh;
    registries.set(signal, fresh);
    signal.addEventListener(
      'abort',
      () => {
        registries.delete(signal);
        for (const run of [...fresh]) run();
      },
      { once: true },
    );
  }
  const entry = () => callback();
  const set = callbacks;
  set.add(entry);
  return () => {
    set.delete(entry);
  };
}
