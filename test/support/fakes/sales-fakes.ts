import * as E from 'fp-ts/Either';
import { UuidIdGenerator } from '../../../src/adapters/system/uuid-id-generator';
import { parseIdentifier, type LeadIdentifier } from '../../../src/domain/sdr/identifier';
import type { IdentifierType } from '../../../src/domain/sdr/interaction';
import type { CrashSwitch } from './crash-switch';
import { ManualClock } from './fixed-clock';
import { InMemoryDeliveryAttemptLog } from './in-memory-delivery-attempt-log';
import { InMemoryPersonRepository } from './in-memory-person-repository';
import { InMemorySaleQualificationSync } from './in-memory-sale-qualification-sync';
import { InMemorySaleRepository } from './in-memory-sale-repository';
import { InMemorySdrInteractionRepository } from './in-memory-sdr-interaction-repository';
import { InMemoryVendorRepository } from './in-memory-vendor-repository';
import { ScriptedSaleWebhookSender } from './scripted-sale-webhook-sender';

/**
 * Every port the sales and SDR use cases need, as fakes wired to each other as the database is.
 * `crash`: the sale repository and the attempt log write through it (CONTRACT 10.2 tests).
 */
export function salesFakes(crash?: CrashSwitch) {
  const people = new InMemoryPersonRepository();
  const vendors = new InMemoryVendorRepository();
  const sales = new InMemorySaleRepository(people, vendors, crash);
  return {
    people,
    vendors,
    sales,
    attempts: new InMemoryDeliveryAttemptLog(crash),
    sender: new ScriptedSaleWebhookSender(),
    interactions: new InMemorySdrInteractionRepository(),
    qualificationSync: new InMemorySaleQualificationSync(sales),
    clock: new ManualClock(),
    ids: new UuidIdGenerator(),
  };
}

/** A canonical identifier, as the route's codec hands it to the use cases. */
export function leadIdentifier(type: IdentifierType, raw: string): LeadIdentifier {
  const parsed = parseIdentifier(type, raw);
  if (E.isLeft(parsed)) throw new Error(`not a valid ${type}: ${raw}`);
  return parsed.right;
}
