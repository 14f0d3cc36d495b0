import type { LeadProvider, Pipeline } from '../../domain/hub-leads/lead';
import type { Clock, IdGenerator } from '../shared/ports';
import type { PipelineRepository } from './ports';

export interface FindOrCreatePipelineInput {
  readonly orgId: string;
  readonly provider: LeadProvider;
  readonly externalId: string;
}

const ATTEMPTS = 3;

/** CONTRACT 6.1/7: a webhook's pipeline is found or created by (org, provider, external id). */
export class FindOrCreatePipeline {
  constructor(
    private readonly pipelines: PipelineRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: FindOrCreatePipelineInput): Promise<Pipeline> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const existing = await this.pipelines.find(input.orgId, input.provider, input.externalId);
      if (existing !== undefined) return existing;
      const pipeline: Pipeline = {
        id: this.ids.next(),
        name: `${input.provider} ${input.externalId}`,
        createdAt: this.clock.now(),
        ...input,
      };
      // The unique index decides between two first events racing for one pipeline; the loser reads the winner's.
      if (await this.pipelines.create(pipeline)) return pipeline;
    }
    throw new Error(`pipeline ${input.provider}/${input.externalId} of ${input.orgId} neither found nor created`);
  }
}
