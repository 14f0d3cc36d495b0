import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import {
  parseChatDescription,
  parseChatMessage,
  parseChatTitle,
  previewOf,
  titleFromMessage,
} from '../../../src/domain/assistant/chat';

describe('chat rules (CONTRACT 8.4)', () => {
  it('a title is trimmed, 1 to 200 characters counted as characters', () => {
    expect(parseChatTitle('  Leads  ')).to.deep.equal(E.right('Leads'));
    expect(parseChatTitle('   ')).to.deep.equal(E.left('title must not be empty'));
    expect(parseChatTitle('ç'.repeat(200))).to.deep.equal(E.right('ç'.repeat(200)));
    expect(parseChatTitle('ç'.repeat(201))).to.deep.equal(E.left('title must be at most 200 characters'));
  });

  it('a description may be empty, up to 1000 characters', () => {
    expect(parseChatDescription('')).to.deep.equal(E.right(''));
    expect(E.isLeft(parseChatDescription('x'.repeat(1001)))).to.equal(true);
  });

  it('a message is 1 to 4000 characters and not blank, kept as written', () => {
    expect(parseChatMessage(' oi ')).to.deep.equal(E.right(' oi '));
    expect(parseChatMessage(' \n ')).to.deep.equal(E.left('message must not be empty'));
    expect(parseChatMessage('é'.repeat(4000))).to.deep.equal(E.right('é'.repeat(4000)));
    expect(parseChatMessage('é'.repeat(4001))).to.deep.equal(E.left('message must be at most 4000 characters'));
  });

  it('a session opened by a message is titled with it on one line, shortened with an ellipsis', () => {
    expect(titleFromMessage('  qual a apólice\n do CPF 123? ')).to.equal('qual a apólice do CPF 123?');
    const long = titleFromMessage('palavra '.repeat(30));
    expect([...long]).to.have.length.at.most(80);
    expect(long.endsWith('…')).to.equal(true);
  });

  it('the preview is the first 120 characters', () => {
    expect(previewOf('curta')).to.equal('curta');
    expect(previewOf('ã'.repeat(121))).to.equal('ã'.repeat(120));
  });
});
