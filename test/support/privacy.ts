/** `GET .../privacy/holdings` (CONTRACT 12.2) as a map of store to count, for comparing against expected counts. */
export function holdingCounts(body: { holdings: { store: string; count: number }[] }): Record<string, number> {
  return Object.fromEntries(body.holdings.map((h) => [h.store, h.count]));
}
