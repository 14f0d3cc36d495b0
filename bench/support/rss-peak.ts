/**
 * Samples this process's resident set every 5 ms from now on, after a full collection when `--expose-gc`
 * is on. `stop()` ends the sampling and gives the RSS at the start and the peak seen (bytes).
 */
export function watchRssPeak(): { stop(): { before: number; peak: number } } {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage().rss);
      return { before, peak };
    },
  };
}
