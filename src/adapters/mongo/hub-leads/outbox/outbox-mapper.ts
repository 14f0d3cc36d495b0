import type { OutboxMessage } from '../../../../application/hub-leads/ports';
import type { OutboxDocument } from './outbox-collection';

/** A message enters the outbox pending (CONTRACT 6.2: sending it is the messaging channel's job). */
export const outboxMessageToDocument = (m: OutboxMessage): OutboxDocument => ({
  _id: m.id,
  orgId: m.orgId,
  leadId: m.leadId,
  templateId: m.templateId,
  to: m.to,
  text: m.text,
  status: 'pending',
  createdAt: m.createdAt,
});

export const outboxMessageFromDocument = (d: OutboxDocument): OutboxMessage => ({
  id: d._id,
  orgId: d.orgId,
  leadId: d.leadId,
  templateId: d.templateId,
  to: d.to,
  text: d.text,
  createdAt: d.createdAt,
});
