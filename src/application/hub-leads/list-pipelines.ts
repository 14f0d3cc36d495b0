import type { Pipeline } from '../../domain/hub-leads/lead';
import type { PipelineRepository } from './ports';

/** CONTRACT 5.2: GET /orgs/{orgId}/pipelines, in creation order. */
export class ListPipelines {
  constructor(private readonly pipelines: PipelineRepository) {}

  execute(input: { readonly orgId: string }): Promise<readonly Pipeline[]> {
    return this.pipelines.listOf(input.orgId);
  }
}
