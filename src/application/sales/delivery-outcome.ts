import type { DeliveryAttempt, DeliveryResult } from './ports';

/** The attempt record of one delivery (CONTRACT 3.3: every attempt is recorded for operators). */
export function attemptOf(
  id: string,
  at: Date,
  trigger: DeliveryAttempt['trigger'],
  saleIds: readonly string[],
  result: DeliveryResult,
): DeliveryAttempt {
  return {
    id,
    at,
    trigger,
    saleIds,
    status: result.status,
    error: result.ok ? null : result.error,
    durationMs: result.durationMs,
  };
}

export function outcomeOf(result: { status: number | null; error?: string | null }): string {
  return result.status !== null ? String(result.status) : (result.error ?? 'error');
}
