/**
 * Paths a middleware leaves alone (probes, metrics, the documentation): exact paths, and prefixes
 * written with a trailing slash (`/docs/` exempts every file of the docs page). The router matches
 * paths case-insensitively and with or without a trailing slash, so the test does too.
 */
export function exemptPathMatcher(paths: readonly string[]): (path: string) => boolean {
  const exact = new Set(paths.filter((path) => !isPrefix(path)));
  const prefixes = paths.filter(isPrefix);
  return (path) => {
    const lower = path.toLowerCase();
    const normalized = lower.replace(/\/+$/, '') || '/';
    return exact.has(normalized) || prefixes.some((prefix) => lower.startsWith(prefix));
  };
}

const isPrefix = (path: string): boolean => path.length > 1 && path.endsWith('/');
