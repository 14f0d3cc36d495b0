import { randomUUID } from 'node:crypto';
import type { IdGenerator } from '../../application/shared/ports';

export class UuidIdGenerator implements IdGenerator {
  next(): string {
    return randomUUID();
  }
}
