import type { HoldingReader, SubjectLinker } from '../../../src/application/shared/privacy/holding';
import { withFound, type Subject } from '../../../src/application/shared/privacy/subject';

export interface PlainRecord {
  readonly cpf?: string;
  readonly phone?: string;
  readonly email?: string;
}

/** A store of plain records: a record is the subject's when it shares a value with it; also a linker. */
export class InMemoryHolding implements HoldingReader, SubjectLinker {
  constructor(readonly records: PlainRecord[] = []) {}

  private of(subject: Subject): PlainRecord[] {
    return this.records.filter(
      (r) =>
        (r.cpf !== undefined && subject.cpfs.includes(r.cpf)) ||
        (r.phone !== undefined && subject.phones.includes(r.phone)) ||
        (r.email !== undefined && subject.emails.includes(r.email)),
    );
  }

  async count(subject: Subject): Promise<number> {
    return this.of(subject).length;
  }

  async *documents(subject: Subject): AsyncIterable<PlainRecord> {
    yield* this.of(subject);
  }

  async link(subject: Subject): Promise<Subject> {
    const found = this.of(subject);
    return {
      ...subject,
      cpfs: withFound(
        subject.cpfs,
        found.map((r) => r.cpf),
      ),
      phones: withFound(
        subject.phones,
        found.map((r) => r.phone),
      ),
      emails: withFound(
        subject.emails,
        found.map((r) => r.email),
      ),
    };
  }
}
