import type { Db } from 'mongodb';
import type { HubHolding, OrganizationScope } from '../../../../application/hub-leads/privacy/ports';
import type { Subject } from '../../../../application/shared/privacy/subject';
import { personalTokensOfSubject } from '../../../../application/shared/privacy/subject-values';
import { emailKeysOf } from '../../../../domain/shared/email-key';
import { normalizePhone } from '../../../../domain/shared/phone';
import { leadCollection } from '../leads/lead-collection';
import { leadEventCollection } from '../leads/lead-event-collection';
import { leadFromDocument } from '../leads/lead-mapper';
import { outboxCollection } from '../outbox/outbox-collection';

/**
 * The spellings a lead's stored phone has for one canonical phone: the hub stores the canonical form (the
 * lead-form key, spec part 6), and CONTRACT 3.4 matches DDD + the last 8 digits, so a mobile and the landline
 * with the same last 8 digits are one subject.
 */
export function phoneSpellings(phone: string): string[] {
  const [ddd, subscriber] = [phone.slice(2, 4), phone.slice(4)];
  const twin = subscriber.length === 9 ? `55${ddd}${subscriber.slice(1)}` : `55${ddd}9${subscriber}`;
  return normalizePhone(twin) === twin ? [phone, twin] : [phone];
}

/**
 * The ids of the organization's leads that name the subject, each lookup indexed: by phone, by e-mail in any
 * case, and by a phone or e-mail its title or a field's value is (`valueKeys`: a CRM card's lead, CONTRACT 6.1).
 */
export async function subjectLeadIds(db: Db, subject: Subject, scope: OrganizationScope): Promise<string[]> {
  const orgId = scope.organizationId;
  const ids = new Set<string>();
  const phones = subject.phones.flatMap(phoneSpellings);
  if (phones.length > 0) {
    for (const d of await leadCollection(db)
      .find({ orgId, phone: { $in: phones } })
      .toArray())
      ids.add(d._id);
  }
  const emailKeys = emailKeysOf(subject.emails);
  if (emailKeys.length > 0) {
    for (const d of await leadCollection(db)
      .find({ orgId, emailKey: { $in: emailKeys } })
      .toArray())
      ids.add(d._id);
  }
  const valueKeys = personalTokensOfSubject(subject);
  if (valueKeys.length > 0) {
    for (const d of await leadCollection(db)
      .find({ orgId, valueKeys: { $in: valueKeys } })
      .toArray())
      ids.add(d._id);
  }
  return [...ids].sort();
}

const iso = (d: Date): string => d.toISOString();

/** CONTRACT 12.3 `leads`: the lead view of the API; erased: personal values removed, stage and status kept. */
function leadsHolding(db: Db): HubHolding {
  return {
    store: 'leads',
    position: 30,
    reader: {
      count: async (subject, scope) => (await subjectLeadIds(db, subject, scope)).length,
      async *documents(subject, scope) {
        for (const id of await subjectLeadIds(db, subject, scope)) {
          const doc = await leadCollection(db).findOne({ _id: id, orgId: scope.organizationId });
          if (doc === null) continue;
          const lead = leadFromDocument(doc);
          yield { ...lead, createdAt: iso(lead.createdAt), updatedAt: iso(lead.updatedAt) };
        }
      },
    },
    eraser: {
      async erase(subject, scope) {
        let changed = 0;
        for (const id of await subjectLeadIds(db, subject, scope)) {
          const result = await leadCollection(db).updateOne(
            { _id: id, orgId: scope.organizationId },
            {
              $set: {
                title: null,
                name: null,
                phone: null,
                email: null,
                emailKey: null,
                fields: [],
                valueKeys: [],
                // The lead-form key is the phone itself (spec part 6); a unique, non-personal key replaces it.
                externalId: `erased:${id}`,
                erased: true,
              },
            },
          );
          changed += result.modifiedCount;
        }
        return changed;
      },
    },
  };
}

/** CONTRACT 12.3 `leadEvents`: the raw webhook events of the subject's leads; erased: deleted (12.4). */
function leadEventsHolding(db: Db): HubHolding {
  const filter = async (subject: Subject, scope: OrganizationScope) => ({
    leadId: { $in: await subjectLeadIds(db, subject, scope) },
    orgId: scope.organizationId,
  });
  return {
    store: 'leadEvents',
    position: 20,
    reader: {
      count: async (subject, scope) => leadEventCollection(db).countDocuments(await filter(subject, scope)),
      async *documents(subject, scope) {
        const cursor = leadEventCollection(db)
          .find(await filter(subject, scope))
          .sort({ leadId: 1, receivedAt: 1 });
        for await (const d of cursor) {
          yield {
            id: d._id,
            leadId: d.leadId,
            provider: d.provider,
            action: d.action,
            receivedAt: iso(d.receivedAt),
            rawBody: d.rawBody,
          };
        }
      },
    },
    eraser: {
      erase: async (subject, scope) =>
        (await leadEventCollection(db).deleteMany(await filter(subject, scope))).deletedCount,
    },
  };
}

/**
 * CONTRACT 12.3 `leadOutbox`: the first messages queued for the subject's leads. Erased: deleted, also while
 * pending — a message to a person who asked to be erased must not go out (docs/decisions.md).
 */
function leadOutboxHolding(db: Db): HubHolding {
  const filter = async (subject: Subject, scope: OrganizationScope) => ({
    orgId: scope.organizationId,
    leadId: { $in: await subjectLeadIds(db, subject, scope) },
  });
  return {
    store: 'leadOutbox',
    position: 10,
    reader: {
      count: async (subject, scope) => outboxCollection(db).countDocuments(await filter(subject, scope)),
      async *documents(subject, scope) {
        for await (const d of outboxCollection(db)
          .find(await filter(subject, scope))
          .sort({ orgId: 1, leadId: 1 })) {
          const { _id, orgId: _org, createdAt, ...rest } = d;
          yield { id: _id, ...rest, createdAt: iso(createdAt) };
        }
      },
    },
    eraser: {
      erase: async (subject, scope) =>
        (await outboxCollection(db).deleteMany(await filter(subject, scope))).deletedCount,
    },
  };
}

/** The hub-leads area's personal-data holdings (CONTRACT 12.1, 12.3), in erasure order: outbox, events, leads. */
export const hubLeadHoldings = (db: Db): HubHolding[] => [
  leadsHolding(db),
  leadEventsHolding(db),
  leadOutboxHolding(db),
];
