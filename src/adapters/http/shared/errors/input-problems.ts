import * as t from 'io-ts';
import { validationField } from '../../../../application/shared/validation-field';

/**
 * What a failed decode says, one problem per message: the field and the rule in words (CONTRACT 7
 * "Lengths": never an io-ts type name). Each service renders the problems in its own error format.
 */

/** One problem of a decoded input: the field it is about and the message that names it. */
export interface InputProblem {
  readonly field: string;
  readonly message: string;
}

/** How a codec's expectation reads in a message: in words, never an io-ts type name (`Exact<{...}>`). */
export function expectationOf(codec: t.Decoder<unknown, unknown>): string {
  const tag = (codec as t.Any & { _tag?: string })._tag;
  switch (tag) {
    case 'StringType':
      return 'a string';
    case 'NumberType':
      return 'a number';
    case 'BooleanType':
      return 'true or false';
    case 'NullType':
      return 'null';
    case 'InterfaceType':
    case 'PartialType':
    case 'ExactType':
    case 'StrictType':
    case 'IntersectionType':
    case 'DictionaryType':
      return 'an object';
    case 'ArrayType':
    case 'ReadonlyArrayType':
      return 'an array';
    case 'LiteralType':
      return JSON.stringify((codec as unknown as t.LiteralType<string | number | boolean>).value);
    case 'UnionType':
      return (codec as unknown as t.UnionType<t.Any[]>).types.map(expectationOf).join(' or ');
    case 'RefinementType':
      return codec === (t.Int as t.Any)
        ? 'an integer'
        : expectationOf((codec as unknown as t.RefinementType<t.Any>).type);
    default:
      return codec.name;
  }
}

const GENERIC_MESSAGES = new Set(['is required', 'must be a string']);

/**
 * One problem per failure, `<field> <what is wrong>` (array indexes left out of the field). A value
 * that fits no member of a union (`a string or null`) is one problem saying what the union takes,
 * unless a member said something more precise about it (`must be at most 200 characters`).
 */
export function problemsOf(errors: t.Errors): InputProblem[] {
  const described = errors.map((error) => {
    const field = validationField(error);
    const name = field === '' ? 'value' : field;
    const parent = error.context[error.context.length - 2]?.type as (t.Any & { _tag?: string }) | undefined;
    const union = parent?._tag === 'UnionType' ? parent : undefined;
    const precise = error.message !== undefined && !GENERIC_MESSAGES.has(error.message);
    const through = error.context.map((entry) => entry.type);
    const problem = (message: string) => ({ field: name, message, union, precise, through });
    if (union !== undefined && !precise && error.value !== undefined)
      return problem(`${name} must be ${expectationOf(union)}`);
    if (error.message !== undefined) return problem(`${name} ${error.message}`);
    if (error.value === undefined) return problem(`${name} is required`);
    const expected = error.context[error.context.length - 1]?.type;
    return problem(`${name} must be ${expected === undefined ? 'valid' : expectationOf(expected)}`);
  });
  // A member that took the value's type and refused something inside it (`veiculo.ano`) says more
  // than the union's "must be an object or null" about the whole value.
  const saidInside = (problem: (typeof described)[number]): boolean =>
    described.some(
      (other) =>
        other !== problem &&
        other.field.startsWith(`${problem.field}.`) &&
        problem.union !== undefined &&
        other.through.includes(problem.union),
    );
  return uniqueProblems(
    described
      .filter(
        (problem) =>
          problem.union === undefined ||
          problem.precise ||
          (!described.some(
            (other) => other.union === problem.union && other.field === problem.field && other.precise,
          ) &&
            !saidInside(problem)),
      )
      .map(({ field, message }) => ({ field, message })),
  );
}

/** The problems without a repeated message. */
export function uniqueProblems(problems: readonly InputProblem[]): InputProblem[] {
  return problems.filter((problem, i) => problems.findIndex((other) => other.message === problem.message) === i);
}
