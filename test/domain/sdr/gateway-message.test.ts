import { expect } from 'chai';
import {
  isOneToOneJid,
  parseGatewayRecord,
  parseImportItem,
  phoneOfJid,
  textOf,
} from '../../../src/domain/sdr/gateway-message';

const record = {
  instance: 'main',
  key: { id: 'M1', remoteJid: '5511987654321@s.whatsapp.net', fromMe: false },
  pushName: 'Ana',
  messageType: 'conversation',
  message: { conversation: 'oi' },
  messageTimestamp: 1767225600,
};

describe('gateway message records (CONTRACT 8.1)', () => {
  it('extracts the text: conversation, else extendedTextMessage.text, else a media caption, else null', () => {
    expect(textOf({ conversation: 'oi', extendedTextMessage: { text: 'no' } })).to.equal('oi');
    expect(textOf({ extendedTextMessage: { text: 'link https://x' } })).to.equal('link https://x');
    expect(textOf({ imageMessage: { caption: 'foto do carro', url: 'x' } })).to.equal('foto do carro');
    expect(textOf({ videoMessage: { caption: 'vídeo' } })).to.equal('vídeo');
    expect(textOf({ documentWithCaptionMessage: { message: { documentMessage: { caption: 'CNH' } } } })).to.equal(
      'CNH',
    );
    expect(textOf({ audioMessage: { seconds: 3 } })).to.equal(null);
    expect(textOf({ imageMessage: {} })).to.equal(null);
    expect(textOf(null)).to.equal(null);
  });

  it('counts one-to-one chats only and canonicalizes their phone (legacy mobiles get the ninth digit)', () => {
    expect(isOneToOneJid('5511987654321@s.whatsapp.net')).to.equal(true);
    expect(isOneToOneJid('5511987654321@c.us')).to.equal(true);
    for (const jid of [
      '120363000000000000@g.us',
      'status@broadcast',
      '12345@broadcast',
      '5511987654321@lid',
      'x@s.whatsapp.net',
    ])
      expect(isOneToOneJid(jid), jid).to.equal(false);
    expect(phoneOfJid('551187654321@s.whatsapp.net')).to.equal('5511987654321');
    expect(phoneOfJid('5511987654321@c.us')).to.equal('5511987654321');
    expect(phoneOfJid('14155550100@s.whatsapp.net')).to.equal(undefined);
    expect(phoneOfJid('120363000000000000@g.us')).to.equal(undefined);
  });

  it('parses the record shape and refuses anything else', () => {
    expect(parseGatewayRecord(record)).to.deep.equal(record);
    expect(
      parseGatewayRecord({ ...record, messageTimestamp: { low: 1767225600, high: 0 } })?.messageTimestamp,
    ).to.equal(1767225600);
    expect(parseGatewayRecord({ ...record, messageTimestamp: '1767225600' })?.messageTimestamp).to.equal(1767225600);
    for (const bad of [
      null,
      [],
      'x',
      { ...record, key: { id: 'M1', remoteJid: 'x' } },
      { ...record, instance: '' },
      { ...record, messageTimestamp: 'soon' },
      { ...record, pushName: 3 },
      { ...record, message: 'oi' },
    ]) {
      expect(parseGatewayRecord(bad), JSON.stringify(bad)).to.equal(undefined);
    }
  });

  it(
    'reads export items: a record, a messages.upsert event with one record or an array, --instance for records ' +
      'without one',
    () => {
      expect(parseImportItem(record, undefined)).to.deep.equal({ kind: 'records', records: [record] });
      const { instance: _i, ...bare } = record;
      expect(parseImportItem(bare, 'sdr')).to.deep.equal({
        kind: 'records',
        records: [{ ...record, instance: 'sdr' }],
      });
      expect(parseImportItem(bare, undefined)).to.deep.equal({
        kind: 'rejected',
        reason: 'record without instance (use --instance)',
      });
      expect(parseImportItem({ event: 'messages.upsert', instance: 'evt', data: bare }, 'sdr')).to.deep.equal({
        kind: 'records',
        records: [{ ...record, instance: 'evt' }],
      });
      expect(
        parseImportItem(
          { event: 'MESSAGES_UPSERT', instance: 'evt', data: [bare, { ...bare, key: { ...record.key, id: 'M2' } }] },
          undefined,
        ),
      ).to.have.property('kind', 'records');
      expect(parseImportItem({ event: 'messages.update', instance: 'evt', data: bare }, undefined)).to.have.property(
        'kind',
        'rejected',
      );
      expect(
        parseImportItem({ event: 'messages.upsert', instance: 'evt', data: [bare, { hello: 1 }] }, undefined),
      ).to.deep.equal({ kind: 'rejected', reason: 'event data is not a message record' });
      expect(parseImportItem([record], undefined)).to.deep.equal({ kind: 'rejected', reason: 'not a JSON object' });
    },
  );
});
