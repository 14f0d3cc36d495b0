import * as E from 'fp-ts/Either';
import { Sha256SecretHasher } from '../../src/adapters/crypto/crypto-secrets';
import { UuidIdGenerator } from '../../src/adapters/system/uuid-id-generator';
import { FindOrCreatePipeline } from '../../src/application/hub-leads/find-or-create-pipeline';
import { ReceiveCrmEvent } from '../../src/application/hub-leads/receive-crm-event';
import { ReceiveLeadForm } from '../../src/application/hub-leads/receive-lead-form';
import {
  DEFAULT_REDELIVERY_WINDOW_MS,
  UpsertLeadFromWebhook,
} from '../../src/application/hub-leads/upsert-lead-from-webhook';
import { parseBusinessHours, type BusinessHours } from '../../src/domain/hub-leads/business-hours';
import { ManualClock } from './fakes/fixed-clock';
import { InMemoryCrmCardReader } from './fakes/in-memory-crm-card-reader';
import { InMemoryCrmCredentialsRepository } from './fakes/in-memory-crm-credentials-repository';
import { InMemoryLeadEventLog } from './fakes/in-memory-lead-event-log';
import { InMemoryLeadRepository } from './fakes/in-memory-lead-repository';
import { InMemoryLeadTemplateRepository } from './fakes/in-memory-lead-template-repository';
import { InMemoryOutbox } from './fakes/in-memory-outbox';
import { InMemoryPipelineRepository } from './fakes/in-memory-pipeline-repository';
import { WriteFaults } from './fakes/write-faults';

/** A Wednesday, 07:00 in São Paulo. */
export const HUB_LEADS_T0 = new Date('2026-03-04T10:00:00.000Z');

/**
 * The hub-leads ports as fakes and the webhook use cases built on them by hand, as the composition
 * does. The fakes that write share `faults`: a test can kill the process before any of their writes.
 */
export function hubLeadsWorld(options: { readonly redeliveryWindowMs?: number } = {}) {
  const windowMs = options.redeliveryWindowMs ?? DEFAULT_REDELIVERY_WINDOW_MS;
  const clock = new ManualClock(HUB_LEADS_T0);
  const ids = new UuidIdGenerator();
  const hasher = new Sha256SecretHasher();
  const faults = new WriteFaults();
  const pipelines = new InMemoryPipelineRepository(faults);
  const leads = new InMemoryLeadRepository(faults);
  const events = new InMemoryLeadEventLog(faults);
  const templates = new InMemoryLeadTemplateRepository();
  const outbox = new InMemoryOutbox(faults);
  const credentials = new InMemoryCrmCredentialsRepository();
  const cards = new InMemoryCrmCardReader();
  const findOrCreatePipeline = new FindOrCreatePipeline(pipelines, ids, clock);
  const upsert = new UpsertLeadFromWebhook(findOrCreatePipeline, leads, events, ids, clock, windowMs);
  return {
    faults,
    clock,
    ids,
    hasher,
    windowMs,
    pipelines,
    leads,
    events,
    templates,
    outbox,
    credentials,
    cards,
    findOrCreatePipeline,
    upsert,
    receiveCrmEvent: new ReceiveCrmEvent(upsert, leads, events, credentials, cards, hasher, clock, windowMs),
    receiveLeadForm: new ReceiveLeadForm(upsert, templates, events, outbox, hasher, clock, windowMs),
    /** Every lead of the organization, newest first. */
    async leadsOf(orgId: string) {
      return (await leads.list({ orgId, page: 1, limit: 100 })).leads;
    },
  };
}

export type HubLeadsWorld = ReturnType<typeof hubLeadsWorld>;

export function businessHours(text: string): BusinessHours {
  const parsed = parseBusinessHours(text);
  if (E.isLeft(parsed)) throw new Error(parsed.left);
  return parsed.right;
}
