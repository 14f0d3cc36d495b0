/**
 * Capabilities every area needs. Adapters implement them; use cases receive them by constructor.
 */

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  /** A new UUID v4. */
  next(): string;
}

/** A dependency that must answer for the service to be ready (readiness, not liveness). */
export interface ReadinessCheck {
  readonly name: string;
  /** Resolves when the dependency answers; rejects with the reason otherwise. */
  check(): Promise<void>;
}
