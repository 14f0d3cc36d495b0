import type { Clock, IdGenerator } from '../shared/ports';
import type { DispatchSettings } from './dispatch-settings';
import type { DeliveryAttemptLog, SaleRepository, SaleWebhookSender } from './ports';

/**
 * What both ways of sending sales downstream read (spec part 6, CONTRACT 3.3): the dispatch pass and the
 * manual trigger lease, send and record through the same collaborators.
 */
export abstract class SaleDelivery {
  constructor(
    protected readonly sales: SaleRepository,
    /** Undefined when no destination is configured (the use cases answer `WebhookNotConfigured`). */
    protected readonly sender: SaleWebhookSender | undefined,
    protected readonly attempts: DeliveryAttemptLog,
    protected readonly clock: Clock,
    protected readonly ids: IdGenerator,
    protected readonly settings: DispatchSettings,
  ) {}
}
