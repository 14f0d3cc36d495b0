import * as E from 'fp-ts/Either';
import type { LeadProvider, Pipeline } from '../../domain/hub-leads/lead';
import type { Clock, IdGenerator } from '../shared/ports';
import type { PipelineRepository } from './ports';

export interface CreatePipelineInput {
  readonly orgId: string;
  readonly name: string;
  readonly provider: LeadProvider;
  readonly externalId: string;
}

export type CreatePipelineError = { readonly _tag: 'PipelineExists' };

/** CONTRACT 5.2/7: POST /orgs/{orgId}/pipelines; 409 when (provider, externalId) is taken in the org. */
export class CreatePipeline {
  constructor(
    private readonly pipelines: PipelineRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: CreatePipelineInput): Promise<E.Either<CreatePipelineError, Pipeline>> {
    const pipeline: Pipeline = { id: this.ids.next(), createdAt: this.clock.now(), ...input };
    return (await this.pipelines.create(pipeline)) ? E.right(pipeline) : E.left({ _tag: 'PipelineExists' });
  }
}
