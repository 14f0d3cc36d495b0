import type { Clock } from '../../../src/application/shared/ports';

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  constructor(private current: Date = new Date('2026-11-21T10:00:00.000Z')) {}

  now(): Date {
    return new Date(this.current.getTime());
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
