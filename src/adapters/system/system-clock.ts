import type { Clock } from '../../application/shared/ports';

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
