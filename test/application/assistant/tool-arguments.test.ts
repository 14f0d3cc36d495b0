import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import {
  decodeToolArguments,
  defineTool,
  EVERY_ROLE,
  integerArgument,
  toolArguments,
} from '../../../src/application/assistant/tool';
import type { SalesIdentity } from '../../../src/domain/sales-identity/sales-user';

const caller: SalesIdentity = { id: 'u-op', username: 'op@example.com', role: 'operator' };
/** A tool's arguments: one required string, an optional number and an optional nested object. */
const spec = toolArguments({ word: t.string }, { times: t.number, range: t.type({ from: t.string }) });

describe('Tool arguments (decodeToolArguments, defineTool, integerArgument)', () => {
  describe("decodeToolArguments: the model's text, decoded strictly", () => {
    it('a JSON object with the required and some optional members', () => {
      expect(decodeToolArguments(spec, '{"word":"oi","times":2}')).to.deep.equal(E.right({ word: 'oi', times: 2 }));
      expect(decodeToolArguments(spec, ' {"word":"oi","range":{"from":"2026-01-01"}} ')).to.deep.equal(
        E.right({ word: 'oi', range: { from: '2026-01-01' } }),
      );
    });

    it('empty or blank text is an empty object: fine without required members, refused with them', () => {
      const none = toolArguments({}, { limit: t.number });
      expect(decodeToolArguments(none, '')).to.deep.equal(E.right({}));
      expect(decodeToolArguments(none, '  \n')).to.deep.equal(E.right({}));
      expect(decodeToolArguments(spec, '')).to.deep.equal(E.left(['word is required']));
    });

    it('Left "arguments must be a JSON object" for text that is not JSON', () => {
      for (const text of ['{word: "oi"}', '{"word":"oi"', 'oi', '{"word":"oi"}}']) {
        expect(decodeToolArguments(spec, text), text).to.deep.equal(E.left(['arguments must be a JSON object']));
      }
    });

    it('Left "arguments must be a JSON object" for JSON that is not an object', () => {
      for (const text of ['null', '[]', '[{"word":"oi"}]', '"oi"', '42', 'true']) {
        expect(decodeToolArguments(spec, text), text).to.deep.equal(E.left(['arguments must be a JSON object']));
      }
    });

    it('Left naming each unknown member (an operator-shaped one too)', () => {
      expect(decodeToolArguments(spec, '{"word":"oi","extra":1,"$where":"x"}')).to.deep.equal(
        E.left(['extra is not allowed', '$where is not allowed']),
      );
    });

    it('Left naming a missing required member', () => {
      expect(decodeToolArguments(spec, '{"times":1}')).to.deep.equal(E.left(['word is required']));
    });

    it('Left naming a member of the wrong type with the type it must be, nested members by their path', () => {
      expect(decodeToolArguments(spec, '{"word":1}')).to.deep.equal(E.left(['word must be string']));
      expect(decodeToolArguments(spec, '{"word":"oi","times":"2"}')).to.deep.equal(E.left(['times must be number']));
      expect(decodeToolArguments(spec, '{"word":"oi","range":{"from":5}}')).to.deep.equal(
        E.left(['range.from must be string']),
      );
      expect(decodeToolArguments(spec, '{"word":"oi","range":{}}')).to.deep.equal(E.left(['range.from is required']));
    });

    it('a null member is the wrong type, not a missing one', () => {
      expect(decodeToolArguments(spec, '{"word":null}')).to.deep.equal(E.left(['word must be string']));
    });

    it('every problem at once, unknown members first', () => {
      expect(decodeToolArguments(spec, '{"times":"x","nope":true}')).to.deep.equal(
        E.left(['nope is not allowed', 'word is required', 'times must be number']),
      );
    });
  });

  describe('defineTool: invoke decodes, then runs as the caller', () => {
    const runs: { args: unknown; caller: SalesIdentity }[] = [];
    const echo = defineTool({
      name: 'echo',
      description: 'ecoa',
      roles: EVERY_ROLE,
      arguments: spec,
      async run(args, who) {
        runs.push({ args, caller: who });
        return args.word === 'bad'
          ? E.left('word must not be bad')
          : E.right({ echoed: args.word.repeat(args.times ?? 1) });
      },
    });
    beforeEach(() => {
      runs.length = 0;
    });

    it("exposes its name, description, roles and the arguments' codec", () => {
      expect(echo).to.deep.include({ name: 'echo', description: 'ecoa', roles: EVERY_ROLE });
      expect(echo.argumentsCodec).to.equal(spec.codec);
    });

    it(
      'a Right result as the tool returned it; the tool ran once with the decoded arguments and the ' + 'caller',
      async () => {
        expect(await echo.invoke('{"word":"ab","times":2}', caller)).to.deep.equal(E.right({ echoed: 'abab' }));
        expect(runs).to.deep.equal([{ args: { word: 'ab', times: 2 }, caller }]);
      },
    );

    it('Left with the decoding problems, and the tool does not run', async () => {
      expect(await echo.invoke('{"word":3,"x":1}', caller)).to.deep.equal(
        E.left(['x is not allowed', 'word must be string']),
      );
      expect(await echo.invoke('not json', caller)).to.deep.equal(E.left(['arguments must be a JSON object']));
      expect(runs).to.deep.equal([]);
    });

    it("Left with the tool's own problem, as a one-item list", async () => {
      expect(await echo.invoke('{"word":"bad"}', caller)).to.deep.equal(E.left(['word must not be bad']));
      expect(runs).to.have.length(1);
    });
  });

  describe('integerArgument', () => {
    it('the default when absent, the value when an integer in range (bounds included)', () => {
      expect(integerArgument(undefined, 'limit', 1, 20, 10)).to.deep.equal(E.right(10));
      expect(integerArgument(1, 'limit', 1, 20, 10)).to.deep.equal(E.right(1));
      expect(integerArgument(20, 'limit', 1, 20, 10)).to.deep.equal(E.right(20));
    });

    it('Left naming the argument and its range for a fraction, a value out of range or a non-finite number', () => {
      for (const value of [0, 21, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
        expect(integerArgument(value, 'limit', 1, 20, 10), String(value)).to.deep.equal(
          E.left('limit must be an integer from 1 to 20'),
        );
      }
    });
  });
});
