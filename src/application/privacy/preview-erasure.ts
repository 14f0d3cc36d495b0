import type { SecretGenerator } from '../shared/ports';
import type { SubjectIdentifier } from '../shared/privacy/subject';
import type { ErasureSubjectResolver } from './ports';
import type { RunErasure } from './run-erasure';

/** `privacy erase --dry-run` (CONTRACT 12.5): what an erasure of the subject would change, per store; writes nothing. */
export class PreviewErasure {
  constructor(
    private readonly resolver: ErasureSubjectResolver,
    private readonly run: RunErasure,
    private readonly secrets: SecretGenerator,
  ) {}

  async execute(identifier: SubjectIdentifier): Promise<Record<string, number>> {
    const subject = await this.resolver.resolve(identifier);
    return this.run.countAll({ erasureId: 'dry-run', subject, salt: this.secrets.hex(32) });
  }
}
