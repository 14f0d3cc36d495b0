import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { randomUUID } from 'node:crypto';
import {
  CreateSdrInteraction,
  type CreateSdrInteractionInput,
} from '../../../src/application/sdr/create-sdr-interaction';
import type { Cpf } from '../../../src/domain/shared/cpf';
import { phoneMatchKey, type CanonicalPhone } from '../../../src/domain/shared/phone';
import type { SdrInteraction, WebSessionId } from '../../../src/domain/sdr/interaction';
import { InMemoryPersonRepository } from '../../support/fakes/in-memory-person-repository';
import { InMemorySdrInteractionRepository } from '../../support/fakes/in-memory-sdr-interaction-repository';
import { InMemoryGatewayMessageStore } from '../../support/fakes/in-memory-gateway-message-store';
import { InMemorySalesContactDirectory } from '../../support/fakes/in-memory-sales-contact-directory';
import { salesFakes } from '../../support/fakes/sales-fakes';
import { fakeReadSide } from '../../support/sdr-read-side';
import { person, sale, validCpf } from '../../support/sales-fixtures';

const HOUR = 3_600_000;
const MOBILE = '5511987654321' as CanonicalPhone;
const LANDLINE = '552133332222' as CanonicalPhone;
const webSession = () => `web-${randomUUID()}` as WebSessionId;

describe('CreateSdrInteraction', () => {
  let f: ReturnType<typeof salesFakes>;
  let create: CreateSdrInteraction;
  beforeEach(() => {
    f = salesFakes();
    create = new CreateSdrInteraction(f.interactions, f.people, f.qualificationSync, f.clock, f.ids);
  });

  async function run(input: CreateSdrInteractionInput) {
    const result = await create.execute(input);
    if (E.isLeft(result)) throw new Error('refused');
    return result.right;
  }
  const interactionsOf = async (personId: string) =>
    (await f.interactions.listOfPersons([personId])).map((l) => l.interaction);

  it(
    'a new phone: a minimal person (a mobile as mobile) and an interaction whose status starts as its ' + 'result',
    async () => {
      const out = await run({
        phone: MOBILE,
        channel: 'whatsapp',
        result: 'no_response',
        name: ' Ana ',
        email: ' ana@example.com ',
      });
      expect(out).to.include({ status: 'no_response', created: true });
      const [minimal] = await f.people.findByPhoneKey('1187654321');
      expect(minimal).to.include({
        id: out.personId,
        fullName: 'Ana',
        mobile: MOBILE,
        residentialPhone: null,
        cpf: null,
        personalEmail: 'ana@example.com',
      });
      expect(await interactionsOf(out.personId)).to.deep.equal([
        {
          id: out.id,
          personId: out.personId,
          phone: MOBILE,
          phoneKey: '1187654321',
          sessionId: null,
          channel: 'whatsapp',
          result: 'no_response',
          status: 'no_response',
          contact: false,
          sent: false,
          sentTo: null,
          convertedToLead: false,
          convertedAt: null,
          createdAt: f.clock.now(),
          updatedAt: f.clock.now(),
        },
      ]);
    },
  );

  it('a landline is stored as the residential phone', async () => {
    const out = await run({ phone: LANDLINE, channel: 'sms', result: 'interested' });
    expect((await f.people.findByPhoneKey('2133332222'))[0]).to.include({
      id: out.personId,
      residentialPhone: LANDLINE,
      mobile: null,
    });
  });

  it(
    'within the window the same phone refreshes its interaction (created false); after it a new one of the same ' +
      'person',
    async () => {
      const first = await run({ phone: MOBILE, channel: 'whatsapp', result: 'no_response' });
      f.clock.advance(23 * HOUR);
      const second = await run({ phone: MOBILE, channel: 'sms', result: 'interested', contact: true });
      expect(second).to.deep.equal({ id: first.id, personId: first.personId, status: 'interested', created: false });
      expect((await interactionsOf(first.personId))[0]).to.include({
        channel: 'sms',
        result: 'interested',
        status: 'interested',
        contact: true,
      });
      f.clock.advance(2 * HOUR);
      const third = await run({ phone: MOBILE, channel: 'whatsapp', result: 'callback_requested' });
      expect(third).to.include({ personId: first.personId, created: true });
      expect(third.id).to.not.equal(first.id);
    },
  );

  it(
    'the CPF names the person even when others have the phone; otherwise the newest person with the ' + 'phone',
    async () => {
      const older = await f.people.saveByCpf(
        person({ mobile: MOBILE, createdAt: new Date('2026-01-01T00:00:00.000Z') }),
      );
      const newer = await f.people.saveByCpf(
        person({ mobile: MOBILE, createdAt: new Date('2026-02-01T00:00:00.000Z') }),
      );
      const holder = await f.people.saveByCpf(person({ cpf: validCpf(51), mobile: null, residentialPhone: null }));
      expect(
        (await run({ phone: MOBILE, cpf: validCpf(51) as Cpf, channel: 'sms', result: 'interested' })).personId,
      ).to.equal(holder.id);
      f.clock.advance(25 * HOUR);
      expect((await run({ phone: MOBILE, channel: 'sms', result: 'interested' })).personId).to.equal(newer.id);
      expect(older.id).to.not.equal(newer.id);
    },
  );

  it('a CPF nobody holds yet goes onto the new minimal person', async () => {
    const out = await run({ phone: MOBILE, cpf: validCpf(52) as Cpf, channel: 'sms', result: 'interested' });
    expect(await f.people.findByCpf(validCpf(52) as Cpf)).to.include({ id: out.personId });
  });

  it('a CPF taken by a concurrent request between the lookup and the insert: that person is the lead', async () => {
    const racing = new (class extends InMemoryPersonRepository {
      holder = person({ cpf: validCpf(53), mobile: null, residentialPhone: null });
      override async insertMinimal(p: Parameters<InMemoryPersonRepository['insertMinimal']>[0]) {
        await this.saveByCpf(this.holder);
        return super.insertMinimal(p);
      }
    })();
    const raced = new CreateSdrInteraction(f.interactions, racing, f.qualificationSync, f.clock, f.ids);
    const result = await raced.execute({
      phone: MOBILE,
      cpf: validCpf(53) as Cpf,
      channel: 'sms',
      result: 'interested',
    });
    expect(E.isRight(result) && result.right.personId).to.equal(racing.holder.id);
  });

  it(
    'a first contact of the same phone stored between the lookup and the insert: that person is the ' + 'lead',
    async () => {
      const racing = new (class extends InMemoryPersonRepository {
        winner = person({ cpf: null, fullName: '', mobile: MOBILE, residentialPhone: null });
        override async insertMinimal(p: Parameters<InMemoryPersonRepository['insertMinimal']>[0]) {
          if (!this.stored(this.winner.id)) await super.insertMinimal(this.winner);
          return super.insertMinimal(p);
        }
      })();
      const raced = new CreateSdrInteraction(f.interactions, racing, f.qualificationSync, f.clock, f.ids);
      const result = await raced.execute({ phone: MOBILE, channel: 'sms', result: 'interested' });
      expect(E.isRight(result) && result.right.personId).to.equal(racing.winner.id);
      expect(await racing.findByPhoneKey(phoneMatchKey(MOBILE))).to.have.length(1);
    },
  );

  describe('racing first contacts make one interaction (CONTRACT 3.4, 10.3)', () => {
    it(
      '20 concurrent first contacts of one unseen phone: one person, one interaction, one created; the others ' +
        'refresh it',
      async () => {
        const spellings = [MOBILE, '551187654321' as CanonicalPhone];
        const outs = await Promise.all(
          Array.from({ length: 20 }, (_, n) =>
            run({
              phone: spellings[n % 2] as CanonicalPhone,
              channel: 'whatsapp',
              result: 'no_response',
              notes: `try ${n}`,
            }),
          ),
        );
        expect(outs.filter((o) => o.created)).to.have.length(1);
        const [person] = await f.people.findByPhoneKey('1187654321');
        expect(new Set(outs.map((o) => `${o.id} ${o.personId}`))).to.deep.equal(
          new Set([`${outs.find((o) => o.created)?.id} ${person?.id}`]),
        );
        const listed = await f.interactions.listOfPersons([person?.id as string]);
        expect(listed.map((l) => l.interaction.id)).to.deep.equal([outs[0]?.id]);
        expect(listed[0]?.notes).to.have.length(20);
      },
    );

    it(
      '10 concurrent first contacts of one web session: one interaction, every answer names it and its ' + 'person',
      async () => {
        const session = webSession();
        const outs = await Promise.all(
          Array.from({ length: 10 }, () => run({ sessionId: session, channel: 'email', result: 'interested' })),
        );
        expect(outs.filter((o) => o.created)).to.have.length(1);
        const winner = outs.find((o) => o.created);
        expect(outs.map((o) => ({ id: o.id, personId: o.personId }))).to.deep.equal(
          outs.map(() => ({ id: winner?.id, personId: winner?.personId })),
        );
      },
    );

    it(
      "a racing creation inserts between this one's refresh and its insert: this one refreshes the winner's (200, " +
        'its id and person)',
      async () => {
        const winner = { id: randomUUID(), personId: randomUUID() };
        const racing = new (class extends InMemorySdrInteractionRepository {
          override async insertCurrent(interaction: SdrInteraction, since: Date) {
            if ((await this.findRecent({ personId: winner.personId }, since)) === undefined) {
              await super.insertCurrent(
                { ...interaction, ...winner, result: 'interested', status: 'interested' },
                since,
              );
            }
            return super.insertCurrent(interaction, since);
          }
        })();
        const raced = new CreateSdrInteraction(racing, f.people, f.qualificationSync, f.clock, f.ids);
        const result = await raced.execute({ phone: MOBILE, channel: 'sms', result: 'no_response' });
        expect(E.isRight(result) && result.right).to.deep.equal({ ...winner, status: 'no_response', created: false });
        const [lead] = await f.people.findByPhoneKey('1187654321');
        const stored = (await racing.listOfPersons([winner.personId, lead?.id as string])).map((l) => l.interaction);
        expect(stored).to.have.length(1);
        expect(stored[0]).to.include({ ...winner, channel: 'sms', result: 'no_response', status: 'no_response' });
      },
    );

    it(
      'a creation that dies before its insert holds nothing: the next one creates; one that dies just after it: ' +
        'the next one refreshes it',
      async () => {
        let failing: 'before' | 'after' | undefined = 'before';
        const dying = new (class extends InMemorySdrInteractionRepository {
          override async insertCurrent(interaction: SdrInteraction, since: Date) {
            if (failing === 'before') throw new Error('process died');
            const outcome = await super.insertCurrent(interaction, since);
            if (failing === 'after') throw new Error('process died');
            return outcome;
          }
        })();
        const creating = new CreateSdrInteraction(dying, f.people, f.qualificationSync, f.clock, f.ids);
        const input = { phone: MOBILE, channel: 'sms', result: 'no_response' } as const;
        let died = await creating.execute(input).catch((error: unknown) => error);
        expect(died).to.be.an('error');
        failing = undefined;
        const next = await creating.execute(input);
        expect(E.isRight(next) && next.right.created).to.equal(true);
        f.clock.advance(25 * HOUR);
        failing = 'after';
        died = await creating.execute(input).catch((error: unknown) => error);
        expect(died).to.be.an('error');
        failing = undefined;
        const stored = await dying.findRecent({ phoneKey: '1187654321' }, new Date(f.clock.now().getTime() - HOUR));
        const after = await creating.execute({ ...input, result: 'interested' });
        expect(E.isRight(after) && after.right).to.deep.include({
          id: stored?.id,
          created: false,
          status: 'interested',
        });
      },
    );
  });

  it(
    'a new web session always gets a new minimal person; the same session within the window updates its ' +
      'interaction',
    async () => {
      await f.people.saveByCpf(person({ mobile: MOBILE }));
      const session = webSession();
      const a = await run({ sessionId: session, channel: 'email', result: 'interested' });
      const b = await run({ sessionId: webSession(), channel: 'email', result: 'interested' });
      expect(a.personId).to.not.equal(b.personId);
      expect(a.created && b.created).to.equal(true);
      f.clock.advance(HOUR);
      const again = await run({ sessionId: session, channel: 'email', result: 'converted' });
      expect(again).to.deep.equal({ id: a.id, personId: a.personId, status: 'converted', created: false });
      f.clock.advance(24 * HOUR);
      const later = await run({ sessionId: session, channel: 'email', result: 'converted' });
      expect(later.created).to.equal(true);
      expect(later.personId).to.not.equal(a.personId);
    },
  );

  it('appends the notes with the clock time; blank notes append nothing', async () => {
    const out = await run({ phone: MOBILE, channel: 'whatsapp', result: 'no_response', notes: 'first contact' });
    await run({ phone: MOBILE, channel: 'whatsapp', result: 'no_response', notes: '  ' });
    expect((await f.interactions.listOfPersons([out.personId]))[0]?.notes).to.deep.equal([
      { at: f.clock.now(), text: 'first contact' },
    ]);
  });

  it(
    "writes the qualification onto the person's newest sale (spec part 4), qualified and interested as " + 'defined',
    async () => {
      const buyer = await f.people.saveByCpf(person({ mobile: MOBILE }));
      const s = sale(buyer.id, { createdAt: new Date(f.clock.now().getTime() - HOUR) });
      await f.sales.insert(s);
      const out = await run({
        phone: MOBILE,
        channel: 'whatsapp',
        result: 'converted',
        contact: true,
        sent: true,
        sentTo: 'Concessionária X',
        convertedToLead: true,
      });
      expect(f.sales.qualifications.get(s.id)).to.deep.include({
        interactionId: out.id,
        result: 'converted',
        contact: true,
        sent: true,
        sentTo: 'Concessionária X',
        convertedToLead: true,
        qualified: true,
        interested: false,
        at: f.clock.now(),
      });
      await run({ phone: MOBILE, channel: 'whatsapp', result: 'interested', contact: true });
      expect(f.sales.qualifications.get(s.id)).to.include({ qualified: false, interested: true });
    },
  );

  it(
    'an interaction refreshed through its phone key belongs to its own person, whose sale gets the ' + 'qualification',
    async () => {
      const buyer = await f.people.saveByCpf(person({ cpf: validCpf(54), mobile: null, residentialPhone: null }));
      const s = sale(buyer.id, { createdAt: new Date(f.clock.now().getTime() - HOUR) });
      await f.sales.insert(s);
      // The buyer is named by CPF; the phone on the interaction is not among the buyer's phones.
      const first = await run({ phone: MOBILE, cpf: validCpf(54) as Cpf, channel: 'sms', result: 'no_response' });
      expect(first.personId).to.equal(buyer.id);
      const second = await run({ phone: MOBILE, channel: 'sms', result: 'interested', contact: true });
      expect(second).to.deep.equal({ id: first.id, personId: buyer.id, status: 'interested', created: false });
      expect(f.sales.qualifications.get(s.id)).to.include({ interested: true });
    },
  );

  it(
    'a new minimal person holds its match key for every contact of it: the read model of the other spelling ' +
      '(landline vs mobile) is refreshed too',
    async () => {
      const gateway = new InMemoryGatewayMessageStore();
      const side = fakeReadSide({
        interactions: f.interactions,
        gateway,
        directory: new InMemorySalesContactDirectory(f.people, f.sales),
      });
      // A chat of the mobile 5511933334444, whose match key 1133334444 the landline 551133334444 shares.
      gateway.write({
        instance: 'main',
        key: { id: 'M1', remoteJid: '5511933334444@s.whatsapp.net', fromMe: false },
        pushName: 'Bia',
        messageType: 'conversation',
        message: { conversation: 'oi' },
        messageTimestamp: 1_772_366_400,
      });
      await side.follower.catchUp();
      expect((await side.contacts.findByIds(['5511933334444']))[0]).to.include({
        registered: false,
        personId: null,
        name: 'Bia',
      });
      const withHook = new CreateSdrInteraction(
        f.interactions,
        f.people,
        f.qualificationSync,
        f.clock,
        f.ids,
        undefined,
        side.contactChanges,
      );
      const out = await withHook.execute({
        phone: '551133334444' as CanonicalPhone,
        channel: 'sms',
        result: 'interested',
        name: 'Beatriz Lima',
      });
      if (E.isLeft(out)) throw new Error('refused');
      expect((await side.contacts.findByIds(['5511933334444']))[0]).to.include({
        registered: true,
        personId: out.right.personId,
        name: 'Beatriz Lima',
      });
      expect((await side.contacts.findByIds(['551133334444']))[0]).to.include({
        registered: true,
        personId: out.right.personId,
        interactionCount: 1,
      });
    },
  );
});
