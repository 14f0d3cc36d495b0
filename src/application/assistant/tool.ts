import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import type { SalesRole } from '../../domain/sales-identity/role';
import type { SalesIdentity } from '../../domain/sales-identity/sales-user';
import { validationField } from '../shared/validation-field';

/**
 * A read-only tool the assistant may offer the model: one small module over one use case. It runs as
 * the calling user (`caller`), and is offered only to the roles it lists. Its arguments come from the
 * model, an untrusted client: they are decoded with the tool's exact codec like any request body, and
 * a problem goes back to the model as the tool's error, never to the caller as a failure.
 */
export interface ToolDefinition<A> {
  readonly name: string;
  readonly description: string;
  readonly roles: readonly SalesRole[];
  readonly arguments: ToolArguments<A>;
  /** A Left is a problem the model should read (a bad CPF; nothing found is a Right). */
  run(args: A, caller: SalesIdentity): Promise<E.Either<string, unknown>>;
}

/** A tool as the assistant holds it, whatever its arguments' type. */
export interface AssistantTool {
  readonly name: string;
  readonly description: string;
  readonly roles: readonly SalesRole[];
  /** The arguments' codec (its JSON Schema is what the model is shown). */
  readonly argumentsCodec: t.Any;
  /** Decodes the model's argument text strictly, then runs; a Left lists the problems the model reads. */
  invoke(argumentText: string, caller: SalesIdentity): Promise<E.Either<readonly string[], unknown>>;
}

export function defineTool<A>(definition: ToolDefinition<A>): AssistantTool {
  return {
    name: definition.name,
    description: definition.description,
    roles: definition.roles,
    argumentsCodec: definition.arguments.codec,
    async invoke(argumentText, caller) {
      const args = decodeToolArguments(definition.arguments, argumentText);
      if (E.isLeft(args)) return args;
      const result = await definition.run(args.right, caller);
      return E.isLeft(result) ? E.left([result.left]) : result;
    },
  };
}

export interface ToolArguments<A> {
  readonly codec: t.Type<A, unknown>;
  readonly keys: readonly string[];
}

/** The arguments of a tool: required and optional members, nothing else. */
export function toolArguments<R extends t.Props, O extends t.Props>(
  required: R,
  optional: O,
): ToolArguments<t.TypeOf<t.TypeC<R>> & t.TypeOf<t.PartialC<O>>> {
  const codec = t.intersection([t.type(required), t.partial(optional)]) as unknown as t.Type<
    t.TypeOf<t.TypeC<R>> & t.TypeOf<t.PartialC<O>>,
    unknown
  >;
  return { codec, keys: [...Object.keys(required), ...Object.keys(optional)] };
}

/** Every role (CONTRACT 8.7: everything but KPI and audit logs). */
export const EVERY_ROLE: readonly SalesRole[] = ['admin', 'manager', 'operator'];

/** The model's argument text, decoded strictly: JSON, an object, known members of the right types. */
export function decodeToolArguments<A>(spec: ToolArguments<A>, text: string): E.Either<string[], A> {
  let raw: unknown;
  try {
    raw = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return E.left(['arguments must be a JSON object']);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return E.left(['arguments must be a JSON object']);
  const problems = Object.keys(raw)
    .filter((key) => !spec.keys.includes(key))
    .map((key) => `${key} is not allowed`);
  const decoded = spec.codec.decode(raw);
  if (E.isLeft(decoded)) problems.push(...decoded.left.map(describe));
  if (problems.length > 0 || E.isLeft(decoded)) return E.left([...new Set(problems)]);
  return E.right(decoded.right);
}

function describe(error: t.ValidationError): string {
  const field = validationField(error) || 'arguments';
  if (error.value === undefined) return `${field} is required`;
  return `${field} must be ${error.context[error.context.length - 1]?.type.name ?? 'valid'}`;
}

/** An integer argument in a range, or the default when absent. */
export function integerArgument(
  value: number | undefined,
  name: string,
  min: number,
  max: number,
  fallback: number,
): E.Either<string, number> {
  if (value === undefined) return E.right(fallback);
  return Number.isInteger(value) && value >= min && value <= max
    ? E.right(value)
    : E.left(`${name} must be an integer from ${min} to ${max}`);
}
