import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { withDatabase } from '../../src/adapters/mongo/shared/embedded-mongo';
import { runCliCaptured } from '../support/cli';
import { FakeOpenAiServer } from '../support/fake-openai-server';
import { sharedMongo } from '../support/mongo';

describe('CLI ask (the AI assistant at a terminal, CONTRACT 8.4)', () => {
  let server: FakeOpenAiServer;
  let env: Record<string, string>;
  const KEY = 'sk-cli-NEVER-PRINTED-42';

  beforeEach(async () => {
    server = await FakeOpenAiServer.start();
    env = {
      LOG_LEVEL: 'silent',
      AI_API_URL: server.url,
      AI_API_KEY: KEY,
      AI_MODEL: 'cli-model',
      MONGODB_URI: withDatabase(sharedMongo().uri, `cli_ask_${randomUUID().replace(/-/g, '').slice(0, 12)}`),
    };
  });
  afterEach(() => server.close());

  const user = async (role: string) => {
    const email = `ask.${randomUUID()}@example.com`;
    const created = await runCliCaptured(
      ['create-user', '--email', email, '--password', 'ask password 1', '--role', role],
      env,
    );
    expect(created.code, created.err.join('\n')).to.equal(0);
    return email;
  };

  it(
    'asks as the user: prints the answer and its session; --session continues it with the earlier messages as ' +
      'context',
    async () => {
      const email = await user('operator');
      server.answer({ content: 'Nenhuma venda hoje.' }, { content: 'Ontem, duas.' });
      const first = await runCliCaptured(
        ['--json', 'ask', 'quantas vendas hoje?', '--email', email.toUpperCase()],
        env,
      );
      expect(first.code, first.err.join('\n')).to.equal(0);
      const answer = JSON.parse(first.out[0] ?? '{}');
      expect(answer.message).to.deep.include({ role: 'assistant', content: 'Nenhuma venda hoje.' });
      expect(server.received[0]?.body.tools?.map((tool) => tool.function.name)).to.have.members([
        'search_sales',
        'find_contact',
        'find_policies',
      ]);
      const second = await runCliCaptured(['ask', 'e ontem?', '--email', email, '--session', answer.sessionId], env);
      expect(second.code, second.err.join('\n')).to.equal(0);
      expect(second.out[0]).to.equal('Ontem, duas.');
      expect(second.out[1]).to.match(new RegExp(`^\\(session ${answer.sessionId}; answer, \\d+ ms\\)$`));
      expect(server.received[1]?.body.messages.slice(1).map((m) => m.content)).to.deep.equal([
        'quantas vendas hoje?',
        'Nenhuma venda hoje.',
        'e ontem?',
      ]);
      expect(
        [...first.out, ...first.err, ...first.logs, ...second.out, ...second.err, ...second.logs].join('\n'),
      ).to.not.include(KEY);
    },
  );

  it('exits 1 for an unknown e-mail, an empty message, a bad or foreign session; 2 when the model fails', async () => {
    const email = await user('manager');
    const unknown = await runCliCaptured(['ask', 'oi', '--email', 'nobody@example.com'], env);
    expect([unknown.code, unknown.err]).to.deep.equal([1, ['No user with e-mail nobody@example.com']]);
    const empty = await runCliCaptured(['ask', '  ', '--email', email], env);
    expect([empty.code, empty.err]).to.deep.equal([1, ['message must not be empty']]);
    const bad = await runCliCaptured(['ask', 'oi', '--email', email, '--session', 'abc'], env);
    expect(bad.code).to.equal(1);
    const foreign = await runCliCaptured(['ask', 'oi', '--email', email, '--session', randomUUID()], env);
    expect(foreign.code).to.equal(1);
    expect(foreign.err[0]).to.match(/^Chat session not found/);
    expect(server.received).to.have.length(0);
    // Every attempt fails (the client retries a 5xx within the deadline).
    server.otherwise({ status: 500 });
    const failed = await runCliCaptured(['ask', 'oi', '--email', email], env);
    expect(failed.code).to.equal(2);
    expect(failed.err[0]).to.match(/^AI service unavailable/);
  });
});
