import type { PipelineRepository } from '../../../src/application/hub-leads/ports';
import type { LeadProvider, Pipeline } from '../../../src/domain/hub-leads/lead';
import { byCreation } from './hub-leads-order';
import { NO_FAULTS, type WriteFaults } from './write-faults';

export class InMemoryPipelineRepository implements PipelineRepository {
  private readonly pipelines = new Map<string, Pipeline>();

  constructor(private readonly faults: WriteFaults = NO_FAULTS) {}

  async create(pipeline: Pipeline): Promise<boolean> {
    if (this.pipelines.has(pipeline.id)) throw new Error(`duplicate pipeline id ${pipeline.id}`);
    // No await between the check and the write: like the unique index, one of two racing creations wins.
    if (this.byKey(pipeline.orgId, pipeline.provider, pipeline.externalId) !== undefined) return false;
    this.faults.write('hub_pipelines.insert');
    this.pipelines.set(pipeline.id, { ...pipeline });
    return true;
  }

  async find(orgId: string, provider: LeadProvider, externalId: string): Promise<Pipeline | undefined> {
    const found = this.byKey(orgId, provider, externalId);
    return found === undefined ? undefined : { ...found };
  }

  private byKey(orgId: string, provider: LeadProvider, externalId: string): Pipeline | undefined {
    return [...this.pipelines.values()].find(
      (p) => p.orgId === orgId && p.provider === provider && p.externalId === externalId,
    );
  }

  async listOf(orgId: string): Promise<readonly Pipeline[]> {
    return [...this.pipelines.values()]
      .filter((p) => p.orgId === orgId)
      .sort(byCreation)
      .map((p) => ({ ...p }));
  }
}
