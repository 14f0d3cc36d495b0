import { expect } from 'chai';
import { ResponseTurns } from '../../../src/domain/kpi/response-turns';

const chat = { instance: 'main', remoteJid: '5511987654321@s.whatsapp.net' };
const other = { instance: 'other', remoteJid: '5511987654321@s.whatsapp.net' };
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute));

describe('response turns (CONTRACT 8.3)', () => {
  it('a run of inbound messages answered by the next outbound one is one turn, timed from its first message', () => {
    const turns = new ResponseTurns();
    turns.add({ ...chat, fromMe: true, at: at(0) });
    turns.add({ ...chat, fromMe: false, at: at(1) });
    turns.add({ ...chat, fromMe: false, at: at(2) });
    turns.add({ ...chat, fromMe: true, at: at(4) });
    turns.add({ ...chat, fromMe: true, at: at(5) });
    turns.add({ ...chat, fromMe: false, at: at(10) });
    expect(turns.awaitingReply()).to.deep.equal([chat]);
    turns.addLateReply({ ...chat, at: at(12) });
    expect(turns.firstTurnsToSettle()).to.deep.equal([]);
    turns.settleFirstTurns([]);
    // (180 + 120) / 2
    expect(turns.figures()).to.deep.equal({ averageResponseTimeSeconds: 150, responseRate: 1 });
  });

  it("a chat's first turn counts unless its run began before the period; chats are per instance", () => {
    const turns = new ResponseTurns();
    turns.add({ ...chat, fromMe: false, at: at(1) });
    turns.add({ ...other, fromMe: false, at: at(1) });
    turns.add({ ...chat, fromMe: true, at: at(2) });
    turns.add({ ...other, fromMe: true, at: at(3) });
    expect(turns.firstTurnsToSettle()).to.deep.equal([chat, other]);
    turns.settleFirstTurns([
      { ...chat, fromMe: false },
      { ...other, fromMe: true },
    ]);
    expect(turns.figures()).to.deep.equal({ averageResponseTimeSeconds: 120, responseRate: 1 });
  });

  it('no inbound message: rate 0 and no time; an unanswered chat lowers the rate', () => {
    const none = new ResponseTurns();
    none.add({ ...chat, fromMe: true, at: at(1) });
    expect(none.figures()).to.deep.equal({ averageResponseTimeSeconds: null, responseRate: 0 });
    const half = new ResponseTurns();
    half.add({ ...chat, fromMe: false, at: at(1) });
    half.add({ ...other, fromMe: false, at: at(1) });
    half.add({ ...other, fromMe: true, at: at(1) });
    half.settleFirstTurns([]);
    expect(half.figures()).to.deep.equal({ averageResponseTimeSeconds: 0, responseRate: 0.5 });
  });
});
