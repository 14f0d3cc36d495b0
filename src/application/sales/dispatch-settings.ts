/** CONTRACT 3.3 defaults; all configurable (tests use small values). */
export interface DispatchSettings {
  readonly batchSize: number;
  readonly windowDays: number;
  /** Longer than one delivery can take (30 s timeout), so a lease never expires mid-send. */
  readonly leaseMs: number;
}

export const DEFAULT_DISPATCH_SETTINGS: DispatchSettings = { batchSize: 50, windowDays: 7, leaseMs: 120_000 };

export function outcomeOf(result: { status: number | null; error?: string | null }): string {
  return result.status !== null ? String(result.status) : (result.error ?? 'error');
}
