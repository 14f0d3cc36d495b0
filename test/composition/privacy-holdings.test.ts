import { expect } from 'chai';
import { DECLARED_INDEXES } from '../support/index-coverage/declared-indexes';
import { openSalesRuntime, type SalesRuntime } from '../support/sales-runtime';

/**
 * Every collection, with the personal fields (CONTRACT 12, LGPD) its documents hold of a data subject and
 * the declared store (`holdings` of an area) that finds them, or why none is needed. A new collection
 * must be added here: this table is where its author decides, and a personal field without a
 * declared holding fails the test naming the collection.
 */
type Entry =
  | { readonly personal: readonly string[]; readonly store: string }
  | { readonly personal: readonly string[]; readonly none: string }
  | { readonly personal: readonly []; readonly store?: undefined };
const NOT_A_SUBJECT = "staff accounts: the broker's users, not a data subject of CONTRACT 12";
const PENDING = 'the identifier of an erasure request, kept only while it is pending (CONTRACT 12.4)';

const COLLECTIONS: Readonly<Record<string, Entry>> = {
  people: {
    personal: ['fullName', 'cpf', 'rg', 'cnh', 'birthDate', 'e-mails', 'emailKeys', 'phones', 'phoneKeys'],
    store: 'people',
  },
  sales: { personal: ['address', 'vehicle', 'personId', 'sdr.sentTo'], store: 'sales' },
  sale_status_events: { personal: ['noContactReason'], store: 'sales' },
  sdr_interactions: { personal: ['phone', 'phoneKey', 'sessionId', 'personId'], store: 'sdrInteractions' },
  sdr_interaction_notes: { personal: ['text'], store: 'sdrInteractions' },
  sdr_contacts: { personal: ['phone', 'name', 'personIds'], store: 'sdrContacts' },
  sdr_chats: { personal: ['phone', 'remoteJid', 'pushName', 'last.text'], store: 'sdrChats' },
  gateway_messages: { personal: ['key.remoteJid', 'pushName', 'message'], store: 'gatewayMessages' },
  policies: { personal: ['cpf', 'vehiclePlate'], store: 'policies' },
  chat_messages: { personal: ['content', 'personalTokens'], store: 'chatMessages' },
  chat_sessions: {
    personal: ['preview', 'title'],
    none:
      "the preview is the last message's first characters (its message is in chatMessages); " +
      "the title is the operator's",
  },
  saved_filters: {
    personal: ['queryJson'],
    none: 'an operator may save a filter naming a CPF: not a store of CONTRACT 12.2 (docs/decisions.md)',
  },
  api_event_logs: { personal: ['path'], none: 'an access log, not a holding (CONTRACT 12.1); values masked' },
  sales_users: { personal: ['email', 'name'], none: NOT_A_SUBJECT },
  sales_refresh_tokens: { personal: [] },
  sales_ended_sessions: { personal: [] },
  sales_password_reset_tokens: { personal: [] },
  api_keys: { personal: [] },
  vendors: { personal: [] },
  sale_delivery_attempts: { personal: [] },
  sdr_follower: { personal: [] },
  hub_organizations: { personal: [] },
  hub_users: { personal: ['email', 'name'], none: NOT_A_SUBJECT },
  hub_memberships: { personal: [] },
  hub_refresh_tokens: { personal: [] },
  hub_refresh_rotations: { personal: [] },
  hub_ended_sessions: { personal: [] },
  hub_reset_tokens: { personal: [] },
  hub_pipelines: { personal: [] },
  hub_leads: { personal: ['title', 'name', 'phone', 'email', 'emailKey', 'fields', 'externalId'], store: 'leads' },
  hub_lead_events: { personal: ['rawBody'], store: 'leadEvents' },
  hub_webhook_receipts: { personal: [] },
  hub_lead_templates: { personal: [] },
  hub_outbox: { personal: ['to', 'text'], store: 'leadOutbox' },
  hub_privacy_erasures: { personal: ['subject', 'subjectKey'], none: PENDING },
  privacy_erasures: { personal: ['subject', 'subjectKeys'], none: PENDING },
  hub_crm_credentials: { personal: [] },
  hub_channels: { personal: [] },
};

describe('declared personal-data holdings (CONTRACT 12.1, issue 32)', () => {
  let rt: SalesRuntime;
  before(async () => {
    rt = await openSalesRuntime();
  });
  after(() => rt.close());

  it('every collection is in the table of personal fields', () => {
    const missing = DECLARED_INDEXES.map((c) => c.collection).filter((name) => COLLECTIONS[name] === undefined);
    expect(missing, 'collections to classify in test/composition/privacy-holdings.test.ts').to.deep.equal([]);
  });

  it('every collection with a personal field has a declared holding (or a stated reason)', () => {
    const app = rt.runtime.app;
    const areas = [app.sales, app.sdr, app.policies, app.assistant];
    const declared = new Set([
      ...areas.flatMap((area) => area.holdings.map((holding) => holding.store)),
      ...app.hubLeads.orgHoldings.map((holding) => holding.store),
    ]);
    const undeclared = Object.entries(COLLECTIONS).flatMap(([collection, entry]) =>
      entry.personal.length > 0 && !('none' in entry) && !declared.has(entry.store ?? '')
        ? [`${collection} (${entry.personal.join(', ')}): no declared holding '${entry.store}'`]
        : [],
    );
    expect(undeclared).to.deep.equal([]);
  });

  it('the sales service declares the eight stores of CONTRACT 12.2, each once, in order', () => {
    const app = rt.runtime.app;
    const stores = [app.sales, app.sdr, app.policies, app.assistant]
      .flatMap((area) => area.holdings)
      .sort((a, b) => a.position - b.position)
      .map((holding) => holding.store);
    expect(stores).to.deep.equal([
      'people',
      'sales',
      'sdrInteractions',
      'sdrContacts',
      'sdrChats',
      'gatewayMessages',
      'policies',
      'chatMessages',
    ]);
  });

  it('the hub-leads area declares the three hub stores of CONTRACT 12.2, per organization, in erasure order', () => {
    const stores = [...rt.runtime.app.hubLeads.orgHoldings].sort((a, b) => a.position - b.position);
    expect(stores.map((holding) => holding.store)).to.deep.equal(['leadOutbox', 'leadEvents', 'leads']);
  });
});
