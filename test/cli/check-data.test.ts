import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import * as E from 'fp-ts/Either';
import { ObjectId, type Db } from 'mongodb';
import request from 'supertest';
import { CHAT_MESSAGES, CHAT_SESSIONS } from '../../src/adapters/mongo/assistant/chat-collections';
import { MongoChatRepository } from '../../src/adapters/mongo/assistant/mongo-chat-repository';
import {
  HUB_REFRESH_ROTATIONS,
  HUB_REFRESH_TOKENS,
} from '../../src/adapters/mongo/hub-identity/hub-refresh-token-collection';
import { HUB_MEMBERSHIPS, membershipId } from '../../src/adapters/mongo/hub-identity/membership-collection';
import { MongoMembershipRepository } from '../../src/adapters/mongo/hub-identity/mongo-membership-repository';
import { MongoOrganizationRepository } from '../../src/adapters/mongo/hub-identity/mongo-organization-repository';
import { HUB_ORGANIZATIONS } from '../../src/adapters/mongo/hub-identity/organization-collection';
import { HUB_LEADS } from '../../src/adapters/mongo/hub-leads/leads/lead-collection';
import { HUB_LEAD_EVENTS } from '../../src/adapters/mongo/hub-leads/leads/lead-event-collection';
import { MongoLeadEventLog } from '../../src/adapters/mongo/hub-leads/leads/mongo-lead-event-log';
import { MongoLeadRepository } from '../../src/adapters/mongo/hub-leads/leads/mongo-lead-repository';
import { MongoPipelineRepository } from '../../src/adapters/mongo/hub-leads/setup/mongo-pipeline-repository';
import { HUB_WEBHOOK_RECEIPTS } from '../../src/adapters/mongo/hub-leads/webhooks/webhook-receipt-collection';
import { POLICIES } from '../../src/adapters/mongo/policies/policy-collection';
import { SALE_STATUS_EVENTS, SALES } from '../../src/adapters/mongo/sales/sales-collection';
import { API_KEYS } from '../../src/adapters/mongo/sales-identity/api-key-collection';
import { SALES_USERS } from '../../src/adapters/mongo/sales-identity/sales-user-collection';
import { SALES_PASSWORD_RESET_TOKENS } from '../../src/adapters/mongo/sales-identity/password-reset-token-collection';
import { SALES_REFRESH_TOKENS } from '../../src/adapters/mongo/sales-identity/sales-refresh-token-collection';
import { HUB_RESET_TOKENS } from '../../src/adapters/mongo/hub-identity/hub-reset-token-collection';
import { HUB_USERS } from '../../src/adapters/mongo/hub-identity/hub-user-collection';
import { Sha256SecretHasher } from '../../src/adapters/crypto/crypto-secrets';
import { SDR_CHATS, type ChatDocument } from '../../src/adapters/mongo/sdr/read-models/chat-read-model-collection';
import { kpiFactsOfDocument, kpiFieldsOf } from '../../src/adapters/mongo/sdr/read-models/chat-kpi-fields';
import { SDR_CONTACTS } from '../../src/adapters/mongo/sdr/read-models/contact-read-model-collection';
import { SDR_INTERACTIONS, SDR_INTERACTION_NOTES } from '../../src/adapters/mongo/sdr/sdr-interactions-collection';
import { withDatabase } from '../../src/adapters/mongo/shared/embedded-mongo';
import { SystemClock } from '../../src/adapters/system/system-clock';
import { UuidIdGenerator } from '../../src/adapters/system/uuid-id-generator';
import { FindOrCreatePipeline } from '../../src/application/hub-leads/find-or-create-pipeline';
import { UpsertLeadFromWebhook } from '../../src/application/hub-leads/upsert-lead-from-webhook';
import type { CheckDataReport, CheckReport } from '../../src/application/shared/data-checks/check-data';
import { previewOf } from '../../src/domain/assistant/chat';
import { parseEmail } from '../../src/domain/hub-identity/email';
import { runCliCaptured, type CliRun } from '../support/cli';
import { DECLARED_INDEXES } from '../support/index-coverage/declared-indexes';
import { sharedMongo } from '../support/mongo';
import { manualSaleBody, validCpf } from '../support/sales-fixtures';
import { openSalesRuntime, type SalesRuntime } from '../support/sales-runtime';
import { ANA, buildSubject } from '../adapters/http/sales/privacy/erasure-world';

/** The key of a read-model document (its `_id` is `<gateway store>|<key>`, ReadModelSource). */
const keyOf = (id: unknown): string => String(id).slice(String(id).indexOf('|') + 1);

const CHECKS = [
  'chat-session-counters',
  'chat-message-session',
  'chat-message-tokens',
  'sdr-note-interaction',
  'policy-status-history',
  'sdr-conversion-times',
  'sale-sdr-mirror',
  'sdr-chat-read-model',
  'sdr-contact-read-model',
  'erased-subjects',
  'sale-lease-deadline',
  'sale-status-events',
  'person-email-keys',
  'refresh-claim-outcome',
  'hub-memberships-without-user',
  'lead-event-lead',
  'lead-raw-events',
  'erased-subjects-leads',
  'lead-email-keys',
  'lead-value-keys',
  'api-key-user',
  'password-resets-applied',
];

/** What the read models hold, without the bookkeeping fields (generation, dirtySince). */
async function models(db: Db): Promise<unknown[]> {
  const strip = ({ generation: _g, dirtySince: _d, ...rest }: Record<string, unknown>) => rest;
  const contacts = await db
    .collection(SDR_CONTACTS)
    .find({}, { sort: { _id: 1 } })
    .toArray();
  const chats = await db
    .collection(SDR_CHATS)
    .find({}, { sort: { _id: 1 } })
    .toArray();
  return [...contacts.map(strip), ...chats.map(strip)];
}

describe('check-data (CONTRACT 2, 10.2)', function () {
  this.timeout(120_000);
  let rt: SalesRuntime;
  let db: Db;
  let uri: string;
  let apiKey: string;
  let userId: string;

  beforeEach(async () => {
    rt = await openSalesRuntime();
    db = rt.db;
    uri = rt.config.mongodbUri ?? '';
    const user = await rt.createUser({ role: 'admin' });
    userId = user.id;
    apiKey = (await rt.createApiKey(user.email)).key;
  });
  afterEach(() => rt.close());

  const api = () => request(rt.callback);
  const check = (...flags: string[]): Promise<CliRun> =>
    runCliCaptured(['check-data', '--json', ...flags], { MONGODB_URI: uri });
  const reportOf = (run: CliRun): CheckDataReport => JSON.parse(run.out.join('\n')) as CheckDataReport;
  const entryOf = (report: CheckDataReport, name: string): CheckReport => {
    const entry = report.checks.find((c) => c.name === name);
    if (entry === undefined) throw new Error(`no check named ${name}`);
    return entry;
  };

  /**
   * A run without --repair: exit 1, this check names the ids among its examples, every other check is
   * clean but those `derived` names (data computed from the broken document).
   */
  async function expectReported(
    name: string,
    ids: readonly string[],
    derived: Readonly<Record<string, readonly string[]>> = {},
  ): Promise<CheckReport> {
    const run = await check();
    expect(run.code, run.err.join('\n')).to.equal(1);
    const report = reportOf(run);
    const entry = entryOf(report, name);
    expect(entry.violations, name).to.equal(ids.length);
    expect(entry.examples).to.include.members([...ids]);
    const others = report.checks.filter((c) => c.name !== name && c.violations > 0);
    expect(Object.fromEntries(others.map((c) => [c.name, c.examples]))).to.deep.equal(derived);
    expect(entry.repaired).to.equal(0);
    expect(entry.remaining).to.equal(ids.length);
    return entry;
  }

  /** `--repair` fixes it (exit 0, reported as repaired), and a plain run afterwards is clean. */
  async function expectRepaired(name: string, count: number): Promise<void> {
    const run = await check('--repair');
    expect(run.code, run.out.join('\n') + run.err.join('\n')).to.equal(0);
    const entry = entryOf(reportOf(run), name);
    expect(entry).to.deep.include({ violations: count, repaired: count, remaining: 0, repairable: true });
    const again = await check();
    expect(again.code, again.out.join('\n')).to.equal(0);
    expect(reportOf(again).violations).to.equal(0);
  }

  /** `--repair` leaves it: exit 1, named as not repairable (JSON and human text). */
  async function expectNotRepairable(name: string, count: number): Promise<void> {
    const run = await check('--repair');
    expect(run.code).to.equal(1);
    const entry = entryOf(reportOf(run), name);
    expect(entry).to.deep.include({ violations: count, repaired: 0, remaining: count, repairable: false });
    expect(entry.notRepairable).to.be.a('string').and.not.equal('');
    const human = await runCliCaptured(['check-data', '--repair'], { MONGODB_URI: uri });
    expect(human.code).to.equal(1);
    expect(human.out.join('\n')).to.include(`not repairable: ${name}: `);
  }

  // --- seeding through the product -------------------------------------------------------------

  async function chatSession(messages: readonly string[]): Promise<{ id: string; messageIds: string[]; ats: Date[] }> {
    const created = await api()
      .post('/api/chat-sessions')
      .set('x-api-key', apiKey)
      .send({ title: 'Renovação' })
      .expect(201);
    const id = created.body.id as string;
    const chats = new MongoChatRepository(db);
    const messageIds: string[] = [];
    const ats: Date[] = [];
    for (const [i, content] of messages.entries()) {
      const at = new Date(Date.now() - (messages.length - i) * 1000);
      const messageId = randomUUID();
      expect(
        await chats.appendOwnedMessage(
          userId,
          { id: messageId, sessionId: id, role: i % 2 === 0 ? 'user' : 'assistant', content, metadata: null },
          at,
        ),
      ).to.equal('appended');
      messageIds.push(messageId);
      ats.push(at);
    }
    return { id, messageIds, ats };
  }

  async function sdrInteractionWithNote(): Promise<string> {
    const created = await api()
      .post('/sdr/interactions')
      .set('x-api-key', apiKey)
      .send({ phone: '11987654321', channel: 'whatsapp', result: 'interested', notes: 'called back' })
      .expect(201);
    return created.body.id as string;
  }

  async function policy(number: string, toStatus?: string): Promise<string> {
    const created = await api()
      .post('/api/policies')
      .set('x-api-key', apiKey)
      .send({
        policyNumber: number,
        cpf: validCpf(7),
        saleId: null,
        insurer: 'Porto Seguro',
        product: 'life',
        premiumCents: 10_000,
        startDate: '2026-01-01',
        endDate: '2027-01-01',
        vehiclePlate: null,
      })
      .expect(201);
    const id = created.body.id as string;
    if (toStatus !== undefined)
      await api().patch(`/api/policies/${id}/status`).set('x-api-key', apiKey).send({ status: toStatus }).expect(200);
    return id;
  }

  async function sale(): Promise<string> {
    const created = await api().post('/api/sales/manual').set('x-api-key', apiKey).send(manualSaleBody()).expect(201);
    const id = (created.body as { venda: { id: string } }).venda.id;
    expect(id).to.be.a('string');
    return id;
  }

  async function hubLogin(): Promise<{ userId: string; refreshToken: string }> {
    const { useCases } = rt.runtime.app.hubIdentity;
    const org = await useCases.createOrganization.execute({ name: `Org ${randomUUID().slice(0, 8)}` });
    if (E.isLeft(org)) throw new Error('org');
    const email = parseEmail(`${randomUUID().slice(0, 8)}@example.com`);
    if (email === undefined) throw new Error('email');
    const user = await useCases.createHubUser.execute({
      email,
      password: 'correct horse battery',
      name: 'Hub User',
      membership: { orgId: org.right.id, role: 'MEMBER', permissions: [] },
    });
    if (E.isLeft(user)) throw new Error(user.left._tag);
    const session = await useCases.loginHubUser.execute({ email, password: 'correct horse battery' });
    if (E.isLeft(session)) throw new Error(session.left._tag);
    return { userId: user.right.id, refreshToken: session.right.refreshToken };
  }

  /** A lead and one delivery's raw event; `body` is the delivery's raw body (the same body is the same delivery). */
  async function leadWithEvent(
    body: string = JSON.stringify({ id: 'card-1', name: 'Lead One', nonce: randomUUID() }),
  ): Promise<{ orgId: string; leadId: string; body: string; deliver: () => Promise<unknown> }> {
    const org = await rt.runtime.app.hubIdentity.useCases.createOrganization.execute({
      name: `Leads ${randomUUID().slice(0, 8)}`,
    });
    if (E.isLeft(org)) throw new Error('org');
    const clock = new SystemClock();
    const ids = new UuidIdGenerator();
    const upsert = new UpsertLeadFromWebhook(
      new FindOrCreatePipeline(new MongoPipelineRepository(db), ids, clock),
      new MongoLeadRepository(db),
      new MongoLeadEventLog(db),
      ids,
      clock,
    );
    const bodyHash = randomUUID();
    const deliver = () =>
      upsert.execute({
        orgId: org.right.id,
        provider: 'crmprovider',
        pipelineExternalId: 'pipe-1',
        externalId: 'card-1',
        changes: { name: 'Lead One' },
        action: 'card.create',
        rawBody: body,
        bodyHash,
      });
    const { leadId } = await deliver();
    return { orgId: org.right.id, leadId, body, deliver };
  }

  async function seedDemo(): Promise<void> {
    const seeded = await runCliCaptured(['--json', 'seed-demo', '--contacts', '6', '--messages', '3'], {
      MONGODB_URI: uri,
    });
    expect(seeded.code, seeded.err.join('\n')).to.equal(0);
  }

  async function seedEverything(): Promise<void> {
    await chatSession(['olá', 'bom dia, como posso ajudar?']);
    await sdrInteractionWithNote();
    await policy('AP-1', 'active');
    const sold = await sale();
    await api()
      .patch(`/api/sales/${sold}/status`)
      .set('x-api-key', apiKey)
      .send({ event: 'template_sent' })
      .expect(200);
    // The sale's person (its CPF) converted by the SDR team: the sale mirrors it, the time is stored.
    const mirrored = await api()
      .post('/sdr/interactions')
      .set('x-api-key', apiKey)
      .send({
        phone: '11912345678',
        cpf: '52998224725',
        channel: 'whatsapp',
        result: 'converted',
        contact: true,
        sent: true,
        sent_to: 'Loja',
        converted_to_lead: true,
      })
      .expect(201);
    expect((await db.collection(SALES).findOne({ personId: mirrored.body.personId as string }))?.sdr).to.deep.include({
      interactionId: mirrored.body.id as string,
      qualified: true,
    });
    const { refreshToken } = await hubLogin();
    const rotated = await rt.runtime.app.hubIdentity.useCases.rotateRefreshToken.execute({ refreshToken });
    expect(E.isRight(rotated), 'a completed rotation: its claim has its outcome').to.equal(true);
    await leadWithEvent();
    await hubRegistration();
    await seedDemo();
  }

  /** A registration through the product: a user, the organization it founded, its OWNER membership. */
  async function hubRegistration(): Promise<{ userId: string; orgId: string; email: string }> {
    const address = `${randomUUID().slice(0, 8)}@example.com`;
    const email = parseEmail(address);
    if (email === undefined) throw new Error('email');
    const registered = await rt.runtime.app.hubIdentity.useCases.registerHubUser.execute({
      email,
      password: 'correct horse battery',
      name: 'Owner',
      organizationName: `Registered ${randomUUID().slice(0, 8)}`,
    });
    if (E.isLeft(registered)) throw new Error(registered.left._tag);
    return { userId: registered.right.user.id, orgId: registered.right.org.id, email: address };
  }

  // --- the whole run -----------------------------------------------------------------------------

  it(
    'a database with data of every area, all consistent: exit 0, every invariant named with zero violations ' +
      '(--json: one object)',
    async () => {
      await seedEverything();
      const run = await check();
      expect(run.code, run.out.join('\n') + run.err.join('\n')).to.equal(0);
      expect(run.out).to.have.length(1);
      const report = reportOf(run);
      expect(report).to.have.keys(['repair', 'checks', 'violations', 'repaired', 'remaining']);
      expect(report).to.deep.include({ repair: false, violations: 0, repaired: 0, remaining: 0 });
      expect(report.checks.map((c) => c.name)).to.deep.equal(CHECKS);
      for (const entry of report.checks) {
        expect(entry).to.include.keys([
          'name',
          'promise',
          'violations',
          'examples',
          'repairable',
          'repaired',
          'remaining',
        ]);
        expect(entry).to.deep.include({ violations: 0, examples: [], repaired: 0, remaining: 0 });
      }
      const human = await runCliCaptured(['check-data'], { MONGODB_URI: uri });
      expect(human.code).to.equal(0);
      for (const name of CHECKS) expect(human.out.join('\n')).to.include(`${name}: 0 violations`);
      expect(human.out.join('\n')).to.match(new RegExp(`${CHECKS.length} checks: 0 violation\\(s\\)$`));
    },
  );

  it('an empty database and one of another product: zeros everywhere, exit 0, nothing written', async () => {
    const other = rt.runtime.app.platform.db.client.db(`other_${randomUUID().slice(0, 8)}`);
    await other.collection('orders').insertMany([
      { _id: 'o-1' as never, total: 10 },
      { _id: 'o-2' as never, total: 20 },
    ]);
    await other.collection('customers').insertOne({ _id: 'c-1' as never, name: 'ACME' });
    for (const database of [`empty_${randomUUID().slice(0, 8)}`, other.databaseName]) {
      const run = await runCliCaptured(['--json', 'check-data'], {
        MONGODB_URI: withDatabase(sharedMongo().uri, database),
      });
      expect(run.code, run.err.join('\n')).to.equal(0);
      const report = reportOf(run);
      expect(report.checks.map((c) => [c.name, c.violations])).to.deep.equal(CHECKS.map((name) => [name, 0]));
    }
    const ours = [...new Set(DECLARED_INDEXES.map((d) => d.collection))];
    for (const collection of ours)
      expect(await other.collection(collection).countDocuments({}), collection).to.equal(0);
    expect(await other.collection('orders').countDocuments({})).to.equal(2);
    expect(await other.collection('customers').countDocuments({})).to.equal(1);
  });

  it(
    'documents of another shape in collections with our names are judged, never a crash, and nothing is ' + 'written',
    async () => {
      const other = rt.runtime.app.platform.db.client.db(`shapes_${randomUUID().slice(0, 8)}`);
      const odd = { _id: new ObjectId(), title: 'not ours', n: 1 };
      for (const collection of [
        CHAT_SESSIONS,
        CHAT_MESSAGES,
        SDR_INTERACTION_NOTES,
        POLICIES,
        SDR_CHATS,
        SDR_CONTACTS,
        SALES,
        HUB_REFRESH_ROTATIONS,
        HUB_LEAD_EVENTS,
        API_KEYS,
        HUB_MEMBERSHIPS,
        HUB_WEBHOOK_RECEIPTS,
      ]) {
        await other.collection(collection).insertOne({ ...odd });
      }
      await other.collection(SALES).updateOne({ _id: odd._id }, { $set: { leaseOwner: 42 } });
      const run = await runCliCaptured(['--json', 'check-data'], {
        MONGODB_URI: withDatabase(sharedMongo().uri, other.databaseName),
      });
      expect(run.err.join('\n')).to.not.match(/Unexpected error/);
      expect(run.code, run.err.join('\n')).to.equal(1);
      const report = reportOf(run);
      expect(report.checks.map((c) => c.name)).to.deep.equal(CHECKS);
      const id = odd._id.toHexString();
      for (const name of [
        'chat-message-session',
        'sdr-note-interaction',
        'policy-status-history',
        'sale-lease-deadline',
        'hub-memberships-without-user',
        'lead-event-lead',
        'api-key-user',
      ]) {
        expect(entryOf(report, name).examples, name).to.deep.equal([id]);
      }
      for (const collection of [
        CHAT_SESSIONS,
        POLICIES,
        SALES,
        SDR_CHATS,
        SDR_CONTACTS,
        HUB_MEMBERSHIPS,
        HUB_WEBHOOK_RECEIPTS,
      ]) {
        expect(await other.collection(collection).find({}).toArray(), collection).to.have.length(1);
      }
    },
  );

  // --- one invariant at a time: valid data, one document broken by hand ----------------------------

  it(
    'chat-session-counters: a count and preview moved for a message never stored are reported, and --repair ' +
      'recomputes them from the messages',
    async () => {
      const session = await chatSession(['primeira', 'a segunda mensagem, que é a última']);
      const other = await chatSession(['sozinha']);
      // The crash between the two writes of an append: the counters moved, the message was never inserted.
      await db
        .collection(CHAT_SESSIONS)
        .updateOne(
          { _id: session.id as never },
          { $inc: { messageSeq: 1, messageCount: 1 }, $set: { preview: 'lost', lastActivityAt: new Date() } },
        );
      // A session whose messages are all gone (hand-deleted): its counters say 1.
      await db.collection(CHAT_MESSAGES).deleteMany({ sessionId: other.id });
      await expectReported('chat-session-counters', [session.id, other.id]);
      await expectRepaired('chat-session-counters', 2);
      const repaired = await db.collection(CHAT_SESSIONS).findOne({ _id: session.id as never });
      expect(repaired).to.deep.include({
        messageCount: 2,
        messageSeq: 3,
        preview: previewOf('a segunda mensagem, que é a última'),
        lastActivityAt: session.ats[1],
      });
      const emptied = await db.collection(CHAT_SESSIONS).findOne({ _id: other.id as never });
      expect(emptied).to.deep.include({ messageCount: 0, preview: '' });
      expect(emptied?.lastActivityAt).to.deep.equal(emptied?.createdAt);
      // The next append numbers after the number the lost message took.
      await new MongoChatRepository(db).appendOwnedMessage(
        userId,
        { id: randomUUID(), sessionId: session.id, role: 'user', content: 'depois', metadata: null },
        new Date(),
      );
      expect((await db.collection(CHAT_MESSAGES).findOne({ sessionId: session.id, content: 'depois' }))?.seq).to.equal(
        4,
      );
      expect((await check()).code).to.equal(0);
    },
  );

  it(
    'chat-message-session: a message whose session is gone is reported, and --repair removes it (it completes the ' +
      "session's delete); other sessions keep theirs",
    async () => {
      const session = await chatSession(['uma', 'duas']);
      const kept = await chatSession(['fica']);
      // The crash between the two writes of a delete: the session went, its messages were not removed yet.
      await db.collection(CHAT_SESSIONS).deleteOne({ _id: session.id as never });
      await expectReported('chat-message-session', session.messageIds);
      await expectRepaired('chat-message-session', 2);
      expect(await db.collection(CHAT_MESSAGES).countDocuments({ sessionId: session.id })).to.equal(0);
      expect(await db.collection(CHAT_MESSAGES).countDocuments({ sessionId: kept.id })).to.equal(1);
      expect(await db.collection(CHAT_SESSIONS).countDocuments({ _id: kept.id as never })).to.equal(1);
    },
  );

  it(
    'chat-message-tokens: a message without tokens (a copy older than them wrote it) and one whose text changed ' +
      'without them are reported, and --repair derives them again',
    async () => {
      const session = await chatSession(['primeira, sem nada pessoal', 'o CPF do cliente é 529.982.247-25']);
      const [first, second] = session.messageIds;
      expect(await db.collection(CHAT_MESSAGES).findOne({ _id: second as never })).to.deep.include({
        personalTokens: ['cpf:52998224725'],
      });
      // Stale: the text names an e-mail its stored tokens do not have. Missing: no tokens at all.
      await db
        .collection(CHAT_MESSAGES)
        .updateOne({ _id: first as never }, { $set: { content: 'escreva para Ana.Souza@Example.com' } });
      await db.collection(CHAT_MESSAGES).updateOne({ _id: second as never }, { $unset: { personalTokens: '' } });
      await expectReported('chat-message-tokens', [String(first), String(second)]);
      await expectRepaired('chat-message-tokens', 2);
      expect(await db.collection(CHAT_MESSAGES).findOne({ _id: first as never })).to.deep.include({
        personalTokens: ['email:ana.souza@example.com'],
      });
      expect(await db.collection(CHAT_MESSAGES).findOne({ _id: second as never })).to.deep.include({
        personalTokens: ['cpf:52998224725'],
      });
    },
  );

  it(
    'sdr-note-interaction: a note whose interaction does not exist is reported, and named as not ' + 'repairable',
    async () => {
      const interactionId = await sdrInteractionWithNote();
      const note = await db.collection(SDR_INTERACTION_NOTES).findOne({ interactionId });
      if (note === null) throw new Error('the interaction was stored without its note');
      await db
        .collection(SDR_INTERACTION_NOTES)
        .updateOne({ _id: note._id }, { $set: { interactionId: 'no-such-interaction' } });
      await expectReported('sdr-note-interaction', [String(note._id)]);
      await expectNotRepairable('sdr-note-interaction', 1);
      expect((await db.collection(SDR_INTERACTION_NOTES).findOne({ _id: note._id }))?.interactionId).to.equal(
        'no-such-interaction',
      );
    },
  );

  it(
    'policy-status-history: a status its history does not end with is reported (also without history), and named ' +
      'as not repairable',
    async () => {
      const changed = await policy('AP-10', 'active');
      const fresh = await policy('AP-11');
      await policy('AP-12', 'cancelled');
      await db.collection(POLICIES).updateOne({ _id: changed as never }, { $set: { status: 'expired' } });
      await db.collection(POLICIES).updateOne({ _id: fresh as never }, { $set: { status: 'cancelled' } });
      await expectReported('policy-status-history', [changed, fresh]);
      await expectNotRepairable('policy-status-history', 2);
      expect((await db.collection(POLICIES).findOne({ _id: changed as never }))?.status).to.equal('expired');
    },
  );

  it(
    'sdr-conversion-times: a converted interaction without its time (a converting write killed before its second ' +
      'write) is reported, and --repair stores the time of that write and refreshes its contact',
    async () => {
      const created = await api()
        .post('/sdr/interactions')
        .set('x-api-key', apiKey)
        .send({ phone: '11987650000', channel: 'whatsapp', result: 'interested' })
        .expect(201);
      const id = created.body.id as string;
      await api()
        .patch('/sdr/interactions/status')
        .set('x-api-key', apiKey)
        .send({ identifier: '11987650000', identifier_type: 'phone', status: 'converted' })
        .expect(200);
      const converted = await db.collection(SDR_INTERACTIONS).findOne({ _id: id as never });
      expect(converted?.convertedAt).to.be.instanceOf(Date);
      expect(converted?.convertedAt).to.deep.equal(converted?.updatedAt);
      const before = await models(db);
      // What the status move leaves when killed between its status write and its conversion time (which also
      // moves the revision).
      await db
        .collection(SDR_INTERACTIONS)
        .updateOne({ _id: id as never }, { $set: { convertedAt: null }, $inc: { revision: -1 } });
      // The contact's conversionAt, recomputed from the broken interaction, differs too.
      await expectReported('sdr-conversion-times', [id], { 'sdr-contact-read-model': ['5511987650000'] });
      await expectRepaired('sdr-conversion-times', 1);
      expect(await db.collection(SDR_INTERACTIONS).findOne({ _id: id as never })).to.deep.equal(converted);
      expect(await models(db)).to.deep.equal(before);
    },
  );

  it(
    "sale-sdr-mirror: a sale left without the SDR data of its person's last interaction write (killed before the " +
      'mirror) is reported, and --repair writes the mirror',
    async () => {
      const saleId = await sale();
      // The sale's person (by its CPF), worked by the SDR team: the sale mirrors the interaction.
      await api()
        .post('/sdr/interactions')
        .set('x-api-key', apiKey)
        .send({ phone: '11987654321', cpf: '52998224725', channel: 'whatsapp', result: 'interested', contact: true })
        .expect(201);
      const first = await db.collection(SALES).findOne({ _id: saleId as never });
      expect(first?.sdr).to.deep.include({ status: 'interested', interested: true });
      await api()
        .patch('/sdr/interactions/status')
        .set('x-api-key', apiKey)
        .send({ identifier: '52998224725', identifier_type: 'cpf', status: 'converted' })
        .expect(200);
      const moved = await db.collection(SALES).findOne({ _id: saleId as never });
      expect(moved?.sdr).to.deep.include({ status: 'converted' });
      // The status move killed before its mirror: the sale as the creation left it.
      await db
        .collection(SALES)
        .updateOne({ _id: saleId as never }, { $set: { sdr: first?.sdr, updatedAt: first?.updatedAt } });
      await expectReported('sale-sdr-mirror', [saleId]);
      await expectRepaired('sale-sdr-mirror', 1);
      expect(await db.collection(SALES).findOne({ _id: saleId as never })).to.deep.equal(moved);
      // A sale never mirrored (killed before the creation's mirror) is reported too.
      await db.collection(SALES).updateOne({ _id: saleId as never }, { $unset: { sdr: '' } });
      await expectReported('sale-sdr-mirror', [saleId]);
      await expectRepaired('sale-sdr-mirror', 1);
      expect((await db.collection(SALES).findOne({ _id: saleId as never }))?.sdr).to.deep.equal(moved?.sdr);
    },
  );

  it(
    'sdr-chat-read-model: a chat document that differs from its recomputation is reported, and --repair refreshes ' +
      'it',
    async () => {
      await seedDemo();
      const before = await models(db);
      const chat = await db.collection(SDR_CHATS).findOne({}, { sort: { _id: 1 } });
      if (chat === null) throw new Error('seed-demo wrote no chat');
      await db.collection(SDR_CHATS).updateOne({ _id: chat._id }, { $set: { messageCount: 999 } });
      // The contact of its phone counts the chat's messages: computed from the broken document, it differs too.
      expect(chat.phone).to.be.a('string');
      await expectReported('sdr-chat-read-model', [keyOf(chat._id)], {
        'sdr-contact-read-model': [String(chat.phone)],
      });
      await expectRepaired('sdr-chat-read-model', 1);
      expect(await models(db)).to.deep.equal(before);
    },
  );

  it(
    'sdr-chat-read-model: a chat whose KPI facts differ (buckets, a turn) is reported, and --repair ' + 'refreshes it',
    async () => {
      await seedDemo();
      const before = await models(db);
      const withTurns = (
        await db
          .collection(SDR_CHATS)
          .find({}, { sort: { _id: 1 } })
          .toArray()
      )
        .map((doc) => ({ doc, kpi: kpiFactsOfDocument(doc as Pick<Partial<ChatDocument>, 'kpiFacts'>) }))
        .filter(({ kpi }) => kpi.turns.length > 0);
      const [buckets, turns] = withTurns;
      if (buckets === undefined || turns === undefined)
        throw new Error('seed-demo wrote fewer than 2 chats with turns');
      const noBuckets = kpiFieldsOf({ ...buckets.kpi, buckets: [] });
      await db.collection(SDR_CHATS).updateOne({ _id: buckets.doc._id }, { $set: { ...noBuckets, kpiDays: [] } });
      const oneTurn = kpiFieldsOf({ ...turns.kpi, turns: [{ start: 1, lastInbound: 2, reply: null }] });
      await db.collection(SDR_CHATS).updateOne({ _id: turns.doc._id }, { $set: { kpiFacts: oneTurn.kpiFacts } });
      await expectReported('sdr-chat-read-model', [keyOf(buckets.doc._id), keyOf(turns.doc._id)]);
      await expectRepaired('sdr-chat-read-model', 2);
      expect(await models(db)).to.deep.equal(before);
    },
  );

  it(
    'sdr-chat-read-model: a chat whose kept person differs from the person of its phone is reported, and --repair ' +
      'puts the person back',
    async () => {
      await seedDemo();
      const before = await models(db);
      const chat = await db.collection(SDR_CHATS).findOne({ personId: { $type: 'string' } }, { sort: { _id: 1 } });
      if (chat === null) throw new Error('seed-demo wrote no chat of a known person');
      await db.collection(SDR_CHATS).updateOne({ _id: chat._id }, { $set: { personId: 'someone-else' } });
      await expectReported('sdr-chat-read-model', [keyOf(chat._id)]);
      await expectRepaired('sdr-chat-read-model', 1);
      expect(await models(db)).to.deep.equal(before);
    },
  );

  it(
    'sdr-contact-read-model: a changed and a missing contact document are reported, and --repair recomputes ' + 'both',
    async () => {
      await seedDemo();
      const before = await models(db);
      const [changed, missing] = await db
        .collection(SDR_CONTACTS)
        .find({}, { sort: { _id: 1 }, limit: 2 })
        .toArray();
      if (changed === undefined || missing === undefined) throw new Error('seed-demo wrote fewer than 2 contacts');
      await db
        .collection(SDR_CONTACTS)
        .updateOne({ _id: changed._id }, { $set: { interactionCount: 42, generation: 7 } });
      await db.collection(SDR_CONTACTS).deleteOne({ _id: missing._id });
      await expectReported('sdr-contact-read-model', [keyOf(changed._id), keyOf(missing._id)]);
      await expectRepaired('sdr-contact-read-model', 2);
      expect(await models(db)).to.deep.equal(before);
    },
  );

  it(
    'a read-model document that differs only in its bookkeeping (generation, dirtySince) is not a ' + 'violation',
    async () => {
      await seedDemo();
      await db.collection(SDR_CONTACTS).updateMany({}, { $set: { generation: 99 } });
      await db.collection(SDR_CHATS).updateMany({}, { $set: { dirtySince: new Date() } });
      const run = await check();
      expect(run.code, run.out.join('\n')).to.equal(0);
    },
  );

  it(
    'sale-lease-deadline: a lease past its deadline (a pass that died) is reported, and --repair releases it; a ' +
      'running lease is left alone',
    async () => {
      const dead = await sale();
      const running = await sale();
      const halfLeased = await sale();
      await db
        .collection(SALES)
        .updateOne(
          { _id: dead as never },
          { $set: { leaseOwner: 'dead-pass', leaseUntil: new Date(Date.now() - 60_000) } },
        );
      await db
        .collection(SALES)
        .updateOne(
          { _id: running as never },
          { $set: { leaseOwner: 'live-pass', leaseUntil: new Date(Date.now() + 10 * 60_000) } },
        );
      await db
        .collection(SALES)
        .updateOne({ _id: halfLeased as never }, { $set: { leaseOwner: 'no-deadline', leaseUntil: null } });
      await expectReported('sale-lease-deadline', [dead, halfLeased]);
      await expectRepaired('sale-lease-deadline', 2);
      expect(await db.collection(SALES).findOne({ _id: dead as never })).to.deep.include({
        leaseOwner: null,
        leaseUntil: null,
      });
      expect(await db.collection(SALES).findOne({ _id: running as never })).to.deep.include({
        leaseOwner: 'live-pass',
      });
    },
  );

  it(
    'sale-status-events: a sale whose last event has no row (an update that died before its row) is reported, and ' +
      '--repair inserts the row from the sale',
    async () => {
      const logged = await sale();
      const broken = await sale();
      await api()
        .patch(`/api/sales/${logged}/status`)
        .set('x-api-key', apiKey)
        .send({ event: 'template_sent' })
        .expect(200);
      await api()
        .patch(`/api/sales/${broken}/status`)
        .set('x-api-key', apiKey)
        .send({ event: 'contact_failed', no_contact_reason: 'caixa postal' })
        .expect(200);
      await api()
        .patch(`/api/sales/${broken}/status`)
        .set('x-api-key', apiKey)
        .send({ event: 'lead_forwarded', sent_to: 'Loja Centro', sent_to_number: '11999990000', dealership: 'Centro' })
        .expect(200);
      const stored = await db.collection(SALES).findOne({ _id: broken as never });
      if (stored === null || typeof stored.lastEventId !== 'string')
        throw new Error('the sale holds no id for its last event');
      const row = await db.collection(SALE_STATUS_EVENTS).findOne({ _id: stored.lastEventId as never });
      expect(row).to.deep.equal({ _id: stored.lastEventId, saleId: broken, ...stored.lastEvent });
      await db.collection(SALE_STATUS_EVENTS).deleteOne({ _id: stored.lastEventId as never });
      await expectReported('sale-status-events', [broken]);
      await expectRepaired('sale-status-events', 1);
      expect(await db.collection(SALE_STATUS_EVENTS).findOne({ _id: stored.lastEventId as never })).to.deep.equal(row);
      expect(await db.collection(SALE_STATUS_EVENTS).countDocuments({ saleId: broken })).to.equal(2);
      expect(await db.collection(SALE_STATUS_EVENTS).countDocuments({ saleId: logged })).to.equal(1);
    },
  );

  it(
    'person-email-keys and lead-email-keys: an e-mail changed without its key (a copy older than the key wrote it) ' +
      'is reported, and --repair derives the key again',
    async () => {
      const saleId = await sale();
      const stored = await db.collection(SALES).findOne({ _id: saleId as never });
      const personId = String(stored?.personId);
      expect(await db.collection('people').findOne({ _id: personId as never })).to.deep.include({
        emailKeys: ['ana@example.com'],
      });
      await db
        .collection('people')
        .updateOne({ _id: personId as never }, { $set: { personalEmail: 'Ana.Nova@Example.com' } });
      await expectReported('person-email-keys', [personId]);
      await expectRepaired('person-email-keys', 1);
      expect(await db.collection('people').findOne({ _id: personId as never })).to.deep.include({
        personalEmail: 'Ana.Nova@Example.com',
        emailKeys: ['ana.nova@example.com'],
      });

      const { leadId } = await leadWithEvent();
      await db
        .collection(HUB_LEADS)
        .updateOne({ _id: leadId as never }, { $set: { email: 'Lead.One@Example.com' }, $unset: { emailKey: '' } });
      await expectReported('lead-email-keys', [leadId]);
      await expectRepaired('lead-email-keys', 1);
      expect(await db.collection(HUB_LEADS).findOne({ _id: leadId as never })).to.include({
        email: 'Lead.One@Example.com',
        emailKey: 'lead.one@example.com',
      });
    },
  );

  it(
    "lead-value-keys: a card lead's fields changed without their keys (a copy older than the keys wrote them) are " +
      'reported, and --repair derives the keys again',
    async () => {
      const { leadId } = await leadWithEvent();
      expect(await db.collection(HUB_LEADS).findOne({ _id: leadId as never })).to.deep.include({ valueKeys: [] });
      const fields = [
        { name: 'WhatsApp', value: '(11) 8765-4321' },
        { name: 'E-mail do cliente', value: 'Lead.One@Example.com' },
      ];
      await db
        .collection(HUB_LEADS)
        .updateOne({ _id: leadId as never }, { $set: { fields }, $unset: { valueKeys: '' } });
      await expectReported('lead-value-keys', [leadId]);
      await expectRepaired('lead-value-keys', 1);
      expect(await db.collection(HUB_LEADS).findOne({ _id: leadId as never })).to.deep.include({
        fields,
        valueKeys: ['phone:1187654321', 'email:lead.one@example.com'],
      });
    },
  );

  it(
    'refresh-claim-outcome: a claimed token still active (a rotation that died between its steps) is reported, ' +
      'and --repair revokes it',
    async () => {
      const completed = await hubLogin();
      expect(
        E.isRight(
          await rt.runtime.app.hubIdentity.useCases.rotateRefreshToken.execute({
            refreshToken: completed.refreshToken,
          }),
        ),
      ).to.equal(true);
      const interrupted = await hubLogin();
      const token = await db.collection(HUB_REFRESH_TOKENS).findOne({ userId: interrupted.userId });
      if (token === null) throw new Error('the login stored no refresh token');
      await db
        .collection(HUB_REFRESH_ROTATIONS)
        .insertOne({ _id: token._id, successorId: randomUUID(), at: new Date() });
      await expectReported('refresh-claim-outcome', [String(token._id)]);
      await expectRepaired('refresh-claim-outcome', 1);
      expect((await db.collection(HUB_REFRESH_TOKENS).findOne({ _id: token._id }))?.revokedAt).to.be.instanceOf(Date);
      // The outcome the next refresh reaches anyway: the token is refused.
      expect(
        E.isLeft(
          await rt.runtime.app.hubIdentity.useCases.rotateRefreshToken.execute({
            refreshToken: interrupted.refreshToken,
          }),
        ),
      ).to.equal(true);
    },
  );

  it(
    'lead-event-lead: a raw event whose lead is in another organization, or gone, is reported, and named as not ' +
      'repairable',
    async () => {
      const moved = await leadWithEvent();
      const gone = await leadWithEvent();
      const movedEvent = await db.collection(HUB_LEAD_EVENTS).findOne({ leadId: moved.leadId });
      const goneEvent = await db.collection(HUB_LEAD_EVENTS).findOne({ leadId: gone.leadId });
      if (movedEvent === null || goneEvent === null) throw new Error('the upsert stored no event');
      await db.collection(HUB_LEAD_EVENTS).updateOne({ _id: movedEvent._id }, { $set: { orgId: gone.orgId } });
      await db.collection(HUB_LEADS).deleteOne({ _id: gone.leadId as never });
      await expectReported('lead-event-lead', [String(movedEvent._id), String(goneEvent._id)]);
      await expectNotRepairable('lead-event-lead', 2);
    },
  );

  it(
    'erased-subjects-leads (the hub part of erased-subjects): a personal value written back on a lead a privacy ' +
      'erasure marked erased is reported, and named as not repairable',
    async () => {
      const { requestErasure, completePendingErasures } = rt.runtime.app.hubPrivacy.useCases;
      const leads = [await leadWithEvent(), await leadWithEvent()];
      for (const [i, lead] of leads.entries()) {
        const email = `erased.lead.${i}@example.com`;
        // With its key, as the repository writes an e-mail (the key of a lower-case address is the address).
        await db.collection(HUB_LEADS).updateOne({ _id: lead.leadId as never }, { $set: { email, emailKey: email } });
        await requestErasure.execute({ orgId: lead.orgId, identifier: { kind: 'email', value: email }, reason: 'r' });
      }
      expect(await completePendingErasures.execute()).to.equal(2);
      expect((await check()).code).to.equal(0);
      const broken = leads[0]!.leadId;
      await db.collection(HUB_LEADS).updateOne({ _id: broken as never }, { $set: { name: 'Written Back' } });
      await expectReported('erased-subjects-leads', [broken]);
      await expectNotRepairable('erased-subjects-leads', 1);
    },
  );

  it(
    'lead-raw-events: a receipt whose raw event is missing (a delivery that died between its writes) is reported ' +
      "and named as not repairable; the provider's resend completes it",
    async () => {
      const broken = await leadWithEvent();
      const kept = await leadWithEvent();
      const receiptOf = async (body: string) => {
        const event = await db.collection(HUB_LEAD_EVENTS).findOne({ rawBody: body });
        if (event === null) throw new Error('the upsert stored no event');
        const receipt = await db.collection(HUB_WEBHOOK_RECEIPTS).findOne({ eventId: event._id });
        if (receipt === null) throw new Error('the receipt does not name its event');
        return { event, receipt };
      };
      const a = await receiptOf(broken.body);
      const b = await receiptOf(kept.body);
      const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
      // The process died between the receipt and the event, five minutes ago.
      await db.collection(HUB_LEAD_EVENTS).deleteOne({ _id: a.event._id });
      await db
        .collection(HUB_WEBHOOK_RECEIPTS)
        .updateOne({ _id: a.receipt._id }, { $set: { receivedAt: minutesAgo(5) } });
      // Not judged: a delivery in flight (its receipt just written), one past the retention, one from before receipts
      // named their event.
      await db.collection(HUB_WEBHOOK_RECEIPTS).insertMany([
        {
          _id: `in-flight-${randomUUID()}` as never,
          leadId: kept.leadId,
          receivedAt: new Date(),
          eventId: randomUUID(),
        },
        {
          _id: `expired-${randomUUID()}` as never,
          leadId: kept.leadId,
          receivedAt: minutesAgo(91 * 24 * 60),
          eventId: randomUUID(),
        },
        { _id: `legacy-${randomUUID()}` as never, leadId: kept.leadId, receivedAt: minutesAgo(5) },
      ]);
      await db
        .collection(HUB_WEBHOOK_RECEIPTS)
        .updateOne({ _id: b.receipt._id }, { $set: { receivedAt: minutesAgo(5) } });
      await expectReported('lead-raw-events', [String(a.receipt._id)]);
      await expectNotRepairable('lead-raw-events', 1);
      // The provider resends what got no 2xx: the same body stores the event under the id its receipt names.
      await broken.deliver();
      const completed = await db.collection(HUB_LEAD_EVENTS).find({ rawBody: broken.body }).toArray();
      expect(completed.map((e) => e._id)).to.deep.equal([a.event._id]);
      const run = await check();
      expect(run.code, run.out.join('\n')).to.equal(0);
    },
  );

  it(
    'hub-memberships-without-user: what a registration or create-user that died before its user insert left is ' +
      'reported, and --repair removes it (the organization a registration founded with it)',
    async () => {
      const live = await hubRegistration();
      const member = await hubLogin();
      const cliOrg = (await db.collection(HUB_MEMBERSHIPS).findOne({ userId: member.userId }))?.orgId as string;
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
      const memberships = new MongoMembershipRepository(db);
      const organizations = new MongoOrganizationRepository(db);
      // A registration that died before its user insert: its membership and the organization it founded.
      const deadUser = randomUUID();
      const deadOrg = randomUUID();
      await memberships.add({
        userId: deadUser,
        orgId: deadOrg,
        role: 'OWNER',
        permissions: [],
        joinedAt: twoHoursAgo,
      });
      await organizations.create({
        id: deadOrg,
        name: 'Never registered',
        slug: `never-${randomUUID().slice(0, 8)}`,
        createdAt: twoHoursAgo,
        foundedBy: deadUser,
      });
      // `hub create-user --org` that died before its user insert: a membership in an organization that stays.
      const deadCliUser = randomUUID();
      await memberships.add({
        userId: deadCliUser,
        orgId: cliOrg,
        role: 'ADMIN',
        permissions: [],
        joinedAt: twoHoursAgo,
      });
      // Not judged: a registration in flight (its user is about to be inserted).
      const inFlight = randomUUID();
      await memberships.add({
        userId: inFlight,
        orgId: randomUUID(),
        role: 'OWNER',
        permissions: [],
        joinedAt: new Date(),
      });

      await expectReported('hub-memberships-without-user', [
        membershipId(deadUser, deadOrg),
        membershipId(deadCliUser, cliOrg),
      ]);
      await expectRepaired('hub-memberships-without-user', 2);
      expect(
        await db.collection(HUB_MEMBERSHIPS).countDocuments({ userId: inFlight }),
        'the one in flight is left alone',
      ).to.equal(1);
      expect(
        await db.collection(HUB_MEMBERSHIPS).countDocuments({ userId: { $in: [deadUser, deadCliUser] } }),
      ).to.equal(0);
      expect(await db.collection(HUB_ORGANIZATIONS).countDocuments({ _id: deadOrg as never })).to.equal(0);
      expect(
        await db.collection(HUB_ORGANIZATIONS).countDocuments({ _id: { $in: [cliOrg, live.orgId] } as never }),
      ).to.equal(2);
      expect(
        await db.collection(HUB_MEMBERSHIPS).countDocuments({ userId: { $in: [live.userId, member.userId] } }),
      ).to.equal(2);
      const email = parseEmail(live.email);
      if (email === undefined) throw new Error('email');
      expect(
        E.isRight(
          await rt.runtime.app.hubIdentity.useCases.loginHubUser.execute({ email, password: 'correct horse battery' }),
        ),
      ).to.equal(true);
    },
  );

  it(
    'password-resets-applied: a reset killed after its consume (sales and hub) is reported, and --repair ' +
      'completes it: the new password works, the old does not, the sessions are revoked',
    async () => {
      const hasher = new Sha256SecretHasher();
      const { salesIdentity, hubIdentity } = rt.runtime.app;
      const twoMinutesAgo = new Date(Date.now() - 120_000);
      const inAnHour = new Date(Date.now() + 3_600_000);
      // Sales: a logged-in user resets; the state is then put back to what a kill after the consume leaves.
      const sales = await rt.createUser({ password: 'old sales password' });
      expect(
        E.isRight(
          await salesIdentity.useCases.loginSalesUser.execute({ email: sales.email, password: 'old sales password' }),
        ),
      ).to.equal(true);
      const salesOldHash = (await db.collection(SALES_USERS).findOne({ _id: sales.id as never }))
        ?.passwordHash as string;
      const salesToken = randomUUID();
      await db.collection(SALES_PASSWORD_RESET_TOKENS).insertOne({
        _id: hasher.hash(salesToken) as never,
        userId: sales.id,
        expiresAt: inAnHour,
        createdAt: twoMinutesAgo,
      });
      expect(
        await salesIdentity.useCases.resetSalesPassword.execute({
          token: salesToken,
          newPassword: 'new sales password',
        }),
      ).to.deep.equal(E.right({ userId: sales.id }));
      const salesNewHash = (await db.collection(SALES_USERS).findOne({ _id: sales.id as never }))
        ?.passwordHash as string;
      await db
        .collection(SALES_USERS)
        .updateOne(
          { _id: sales.id as never },
          { $set: { passwordHash: salesOldHash }, $unset: { passwordResetAt: '' } },
        );
      await db.collection(SALES_REFRESH_TOKENS).updateMany({ userId: sales.id }, { $unset: { revokedAt: '' } });
      await db
        .collection(SALES_PASSWORD_RESET_TOKENS)
        .updateOne(
          { _id: hasher.hash(salesToken) as never },
          { $set: { usedAt: twoMinutesAgo, newPasswordHash: salesNewHash } },
        );
      // Hub: the same, killed after the consume.
      const hub = await hubLogin();
      const hubUser = await db.collection(HUB_USERS).findOne({ _id: hub.userId as never });
      const hubToken = randomUUID();
      await db
        .collection(HUB_RESET_TOKENS)
        .insertOne({ _id: hasher.hash(hubToken) as never, userId: hub.userId, expiresAt: inAnHour, usedAt: null });
      expect(
        await hubIdentity.useCases.resetHubPassword.execute({ token: hubToken, newPassword: 'new hub password' }),
      ).to.deep.equal(E.right(undefined));
      const hubNewHash = (await db.collection(HUB_USERS).findOne({ _id: hub.userId as never }))?.passwordHash as string;
      await db
        .collection(HUB_USERS)
        .updateOne(
          { _id: hub.userId as never },
          { $set: { passwordHash: hubUser?.passwordHash as string }, $unset: { passwordResetAt: '' } },
        );
      await db.collection(HUB_REFRESH_TOKENS).updateMany({ userId: hub.userId }, { $set: { revokedAt: null } });
      await db
        .collection(HUB_RESET_TOKENS)
        .updateOne(
          { _id: hasher.hash(hubToken) as never },
          { $set: { usedAt: twoMinutesAgo, newPasswordHash: hubNewHash } },
        );
      // Not judged: a reset consumed just now, whose request may still be completing it.
      const inFlight = await rt.createUser({});
      await db.collection(SALES_PASSWORD_RESET_TOKENS).insertOne({
        _id: randomUUID() as never,
        userId: inFlight.id,
        expiresAt: inAnHour,
        createdAt: new Date(),
        usedAt: new Date(),
        newPasswordHash: 'in-flight',
      });
      // Meanwhile the old password still works.
      expect(
        E.isRight(
          await salesIdentity.useCases.loginSalesUser.execute({ email: sales.email, password: 'old sales password' }),
        ),
      ).to.equal(true);

      await expectReported('password-resets-applied', [
        `sales/${hasher.hash(salesToken)}`,
        `hub/${hasher.hash(hubToken)}`,
      ]);
      await expectRepaired('password-resets-applied', 2);
      expect(
        E.isRight(
          await salesIdentity.useCases.loginSalesUser.execute({ email: sales.email, password: 'new sales password' }),
        ),
      ).to.equal(true);
      expect(
        E.isLeft(
          await salesIdentity.useCases.loginSalesUser.execute({ email: sales.email, password: 'old sales password' }),
        ),
      ).to.equal(true);
      const hubEmail = parseEmail(String(hubUser?.email));
      if (hubEmail === undefined) throw new Error('email');
      expect(
        E.isRight(await hubIdentity.useCases.loginHubUser.execute({ email: hubEmail, password: 'new hub password' })),
      ).to.equal(true);
      expect(
        E.isLeft(
          await hubIdentity.useCases.loginHubUser.execute({ email: hubEmail, password: 'correct horse battery' }),
        ),
      ).to.equal(true);
      expect(
        E.isLeft(await hubIdentity.useCases.rotateRefreshToken.execute({ refreshToken: hub.refreshToken })),
        'the session before the reset is revoked',
      ).to.equal(true);
      // The sessions before the reset are revoked (the logins above opened new ones after it).
      expect(
        await db.collection(SALES_REFRESH_TOKENS).countDocuments({ userId: sales.id, revokedAt: { $exists: false } }),
      ).to.equal(1);
      expect(
        await db
          .collection(SALES_PASSWORD_RESET_TOKENS)
          .countDocuments({ userId: inFlight.id, newPasswordHash: 'in-flight' }),
        'the one in flight is left alone',
      ).to.equal(1);
      expect(
        await salesIdentity.useCases.resetSalesPassword.execute({
          token: salesToken,
          newPassword: 'new sales password',
        }),
      ).to.deep.equal(E.left({ _tag: 'ResetTokenUsed' }));
    },
  );

  it(
    'erased-subjects: a personal value written back on an erased person or interaction is reported, and named as ' +
      'not repairable',
    async () => {
      await buildSubject(rt, apiKey, ANA, new Date());
      const privacy = rt.runtime.app.privacyErasure.useCases;
      const asked = await privacy.requestErasure.execute({ identifier: { kind: 'cpf', value: ANA.cpf }, reason: 'x' });
      if (asked._tag === 'Left') throw new Error('refused');
      await privacy.runErasure.execute(asked.right.id);
      const clean = await check();
      expect(clean.code, clean.out.join('\n')).to.equal(0);
      const person = await db.collection('people').findOne({ erasedAt: { $type: 'date' } });
      const interaction = await db.collection('sdr_interactions').findOne({ erasedAt: { $type: 'date' } });
      await db.collection('people').updateOne({ _id: person?._id }, { $set: { cpf: ANA.cpf } });
      await db
        .collection('sdr_interaction_notes')
        .updateOne({ interactionId: interaction?._id }, { $set: { text: ANA.note } });
      await expectReported('erased-subjects', [
        `people/${String(person?._id)}`,
        `sdr_interactions/${String(interaction?._id)}`,
      ]);
      await expectNotRepairable('erased-subjects', 2);
    },
  );

  it('api-key-user: a key whose user is gone is reported, and named as not repairable (the key is kept)', async () => {
    const other = await rt.createUser({});
    const key = await rt.createApiKey(other.email);
    await db.collection(SALES_USERS).deleteOne({ _id: other.id as never });
    await expectReported('api-key-user', [key.id]);
    await expectNotRepairable('api-key-user', 1);
    expect(await db.collection(API_KEYS).countDocuments({ _id: key.id as never })).to.equal(1);
  });

  // --- the command's edges -----------------------------------------------------------------------

  it('prints one line per check and the summary as text, FAIL with examples for a violated one', async () => {
    const session = await chatSession(['oi']);
    await db.collection(CHAT_SESSIONS).updateOne({ _id: session.id as never }, { $set: { messageCount: 5 } });
    const run = await runCliCaptured(['check-data'], { MONGODB_URI: uri });
    expect(run.code).to.equal(1);
    const text = run.out.join('\n');
    expect(text).to.include(`FAIL  chat-session-counters: 1 violation(s) (e.g. ${session.id})`);
    expect(text).to.include('ok    api-key-user: 0 violations');
    expect(text).to.match(
      new RegExp(`${CHECKS.length} checks: 1 violation\\(s\\) \\(run with --repair to fix the repairable ones\\)$`),
    );
    expect(run.err.join('\n')).to.match(/1 violation\(s\) found/);
    const repaired = await runCliCaptured(['check-data', '--repair'], { MONGODB_URI: uri });
    expect(repaired.code).to.equal(0);
    expect(repaired.out.join('\n')).to.include(
      `fixed chat-session-counters: 1 violation(s) (e.g. ${session.id}); repaired 1, 0 remaining`,
    );
  });

  it('without --repair nothing is written, however many violations there are', async () => {
    const session = await chatSession(['oi', 'tudo bem?']);
    await db.collection(CHAT_SESSIONS).updateOne({ _id: session.id as never }, { $set: { messageCount: 9 } });
    const stale = await sale();
    await db
      .collection(SALES)
      .updateOne({ _id: stale as never }, { $set: { leaseOwner: 'dead', leaseUntil: new Date(0) } });
    const before = [
      await db.collection(CHAT_SESSIONS).findOne({ _id: session.id as never }),
      await db.collection(SALES).findOne({ _id: stale as never }),
    ];
    expect((await check()).code).to.equal(1);
    expect((await check()).code).to.equal(1);
    expect([
      await db.collection(CHAT_SESSIONS).findOne({ _id: session.id as never }),
      await db.collection(SALES).findOne({ _id: stale as never }),
    ]).to.deep.equal(before);
  });

  it('a bad flag: exit 1 with usage, nothing read', async () => {
    const run = await runCliCaptured(['check-data', '--fix'], { MONGODB_URI: uri });
    expect(run.code).to.equal(1);
    expect(run.err.join('\n')).to.match(/unknown option '--fix'/);
    expect(run.err.join('\n')).to.match(/Usage: brokerhub check-data/);
    expect(run.out).to.deep.equal([]);
  });

  it('an unreachable database: exit 2', async () => {
    const run = await runCliCaptured(
      ['check-data'],
      { MONGODB_URI: 'mongodb://127.0.0.1:1/none' },
      { serverSelectionTimeoutMS: 500 },
    );
    expect(run.code).to.equal(2);
    expect(run.out).to.deep.equal([]);
  });
});
