import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { normalizePhone, phoneMatchKey } from '../../../domain/shared/phone';
import type { ContactReadModel, ReadModelFreshness } from '../../sdr/read-model-ports';
import { EVERY_ROLE, toolArguments, type AssistantTool, defineTool } from '../tool';

const Arguments = toolArguments({ phone: t.string }, {});
/** A phone designates one contact; a few more cover the spellings the SDR lists keep apart. */
const MAX_CONTACTS = 5;

/**
 * `find_contact {phone}`: the SDR contact of a phone (CONTRACT 8.2), with its status and conversion: a
 * keyed lookup on the contact read model by the phone's match key (so the spellings with and without
 * the ninth digit, which the lists keep apart, are found together), newest activity first.
 */
export function findContactTool(sdr: {
  readonly contacts: ContactReadModel;
  readonly freshness: ReadModelFreshness;
}): AssistantTool {
  return defineTool({
    name: 'find_contact',
    description:
      'Encontra o contato do SDR (WhatsApp e web) de um telefone brasileiro: nome, status, interações, mensagens, ' +
      'conversão e vendas.',
    roles: EVERY_ROLE,
    arguments: Arguments,
    async run(args) {
      const phone = normalizePhone(args.phone);
      if (phone === undefined) return E.left('phone must be a Brazilian phone number with area code');
      await sdr.freshness.catchUp();
      const found = await sdr.contacts.withPhoneKey(phoneMatchKey(phone), MAX_CONTACTS);
      return E.right({
        phone,
        contacts: found.map((contact) => ({
          sessionId: contact.sessionId,
          phone: contact.phone,
          name: contact.name,
          registered: contact.registered,
          status: contact.status,
          channel: contact.channel,
          firstInteraction: contact.firstInteraction.toISOString(),
          lastInteraction: contact.lastInteraction.toISOString(),
          interactionCount: contact.interactionCount,
          messageCount: contact.messageCount,
          converted: contact.converted,
          qualified: contact.qualified,
          salesCount: contact.salesCount,
          lastSaleAt: contact.lastSaleAt?.toISOString() ?? null,
        })),
      });
    },
  });
}
