import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { randomUUID } from 'node:crypto';
import { MongoClient, type Db } from 'mongodb';
import { MongoPersonRepository } from '../../../../src/adapters/mongo/sales/mongo-person-repository';
import { MongoSaleRepository } from '../../../../src/adapters/mongo/sales/mongo-sale-repository';
import { MongoSaleQualificationSync } from '../../../../src/adapters/mongo/sdr/mongo-sale-qualification-sync';
import { MongoSdrInteractionRepository } from '../../../../src/adapters/mongo/sdr/mongo-sdr-interaction-repository';
import { withDatabase } from '../../../../src/adapters/mongo/shared/embedded-mongo';
import { UuidIdGenerator } from '../../../../src/adapters/system/uuid-id-generator';
import {
  CreateSdrInteraction,
  type CreateSdrInteractionInput,
} from '../../../../src/application/sdr/create-sdr-interaction';
import { UpdateSdrStatus, type UpdateSdrStatusInput } from '../../../../src/application/sdr/update-sdr-status';
import type { Cpf } from '../../../../src/domain/shared/cpf';
import type { CanonicalPhone } from '../../../../src/domain/shared/phone';
import type { WebSessionId } from '../../../../src/domain/sdr/interaction';
import { ManualClock } from '../../../support/fakes/fixed-clock';
import { leadIdentifier } from '../../../support/fakes/sales-fakes';
import { sharedMongo } from '../../../support/mongo';
import { freshSalesDatabase, person, sale, validCpf } from '../../../support/sales-fixtures';

/**
 * Database commands per SDR write, counted with the driver's command monitoring: a budget of at most 5
 * each that does not depend on how fast the server is. The HTTP route adds none: the API-key guard
 * answers from its cache and the API event log is written in batches after the answer.
 */
describe('SDR writes: database commands per request', () => {
  let client: MongoClient;
  let db: Db;
  let commands: string[] = [];
  let create: CreateSdrInteraction;
  let update: UpdateSdrStatus;
  let clock: ManualClock;

  before(async () => {
    client = new MongoClient(withDatabase(sharedMongo().uri, 'unused'), { monitorCommands: true });
    await client.connect();
    client.on('commandStarted', (event) =>
      commands.push(`${event.commandName} ${String((event.command as Record<string, unknown>)[event.commandName])}`),
    );
  });
  after(() => client.close());
  beforeEach(async () => {
    db = await freshSalesDatabase({ client, db: client.db(), close: async () => undefined });
    clock = new ManualClock();
    const [interactions, people] = [new MongoSdrInteractionRepository(db), new MongoPersonRepository(db)];
    create = new CreateSdrInteraction(
      interactions,
      people,
      new MongoSaleQualificationSync(db),
      clock,
      new UuidIdGenerator(),
    );
    update = new UpdateSdrStatus(interactions, people, new MongoSaleQualificationSync(db), clock);
  });

  async function counted(run: () => Promise<E.Either<unknown, unknown>>): Promise<string[]> {
    commands = [];
    const result = await run();
    expect(E.isRight(result) || (result.left as { _tag: string })._tag === 'InteractionNotFound').to.equal(true);
    return commands;
  }
  const creating = (input: CreateSdrInteractionInput) => counted(() => create.execute(input));
  const updating = (input: UpdateSdrStatusInput) => counted(() => update.execute(input));
  const MOBILE = '5511987654321' as CanonicalPhone;
  const base = { channel: 'whatsapp', result: 'no_response', notes: 'a note' } as const;

  it('POST /sdr/interactions: at most 5 on every path', async () => {
    expect(await creating({ ...base, phone: MOBILE })).to.deep.equal([
      'find people',
      'findAndModify people',
      'find sdr_interactions',
      'insert sdr_interactions',
      'insert sdr_interaction_notes',
    ]);
    expect(await creating({ ...base, phone: MOBILE })).to.deep.equal([
      'find people',
      'find sdr_interactions',
      'update sdr_interactions',
      'insert sdr_interaction_notes',
      'findAndModify sales',
    ]);
    const buyer = await new MongoPersonRepository(db).saveByCpf(
      person({ cpf: validCpf(61), mobile: '5521999990000', residentialPhone: null }),
    );
    await new MongoSaleRepository(db).insert(sale(buyer.id));
    expect(
      await creating({ ...base, phone: '5521999990000' as CanonicalPhone, cpf: validCpf(61) as Cpf }),
    ).to.deep.equal([
      'find people',
      'find sdr_interactions',
      'insert sdr_interactions',
      'insert sdr_interaction_notes',
      'findAndModify sales',
    ]);
    const session = `web-${randomUUID()}` as WebSessionId;
    expect(await creating({ ...base, sessionId: session })).to.deep.equal([
      'find sdr_interactions',
      'insert people',
      'find sdr_interactions',
      'insert sdr_interactions',
      'insert sdr_interaction_notes',
    ]);
    expect(await creating({ ...base, sessionId: session })).to.deep.equal([
      'find sdr_interactions',
      'find sdr_interactions',
      'update sdr_interactions',
      'insert sdr_interaction_notes',
      'findAndModify sales',
    ]);
  });

  it(
    'PATCH /sdr/interactions/status: 5 with a note, 4 without (the sale mirror included), one more to store the ' +
      'first conversion time, 1 when nobody has the identifier',
    async () => {
      await create.execute({ ...base, phone: MOBILE });
      const phone = leadIdentifier('phone', '11987654321');
      expect(await updating({ identifier: phone, status: 'converted', notes: 'x' })).to.deep.equal([
        'find people',
        'find sdr_interactions',
        'update sdr_interactions',
        'update sdr_interactions',
        'insert sdr_interaction_notes',
        'findAndModify sales',
      ]);
      expect(await updating({ identifier: phone, status: 'converted', notes: 'x' })).to.deep.equal([
        'find people',
        'find sdr_interactions',
        'update sdr_interactions',
        'insert sdr_interaction_notes',
        'findAndModify sales',
      ]);
      expect(await updating({ identifier: phone, status: 'interested' })).to.deep.equal([
        'find people',
        'find sdr_interactions',
        'update sdr_interactions',
        'findAndModify sales',
      ]);
      expect(
        await updating({ identifier: leadIdentifier('phone', '11900000000'), status: 'interested' }),
      ).to.deep.equal(['find people']);
    },
  );
});
