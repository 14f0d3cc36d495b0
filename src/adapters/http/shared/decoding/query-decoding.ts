import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { problemsOf, uniqueProblems, type InputProblem } from '../errors/input-problems';
import { jsonSchemaOf } from '../openapi/json-schema';

/**
 * CONTRACT 7 "Query parameters", for both services: a route's query is its io-ts codec (which also
 * writes the OpenAPI parameters); bracketed, repeated and (where refused) unknown parameters are
 * problems of the same 400 as the codec's.
 */

/** CONTRACT 7 "Query parameters": unknown parameters are refused (section 8 routes) or ignored (wave one). */
export type UnknownParameters = 'refuse' | 'ignore';

/** Whether a parameter name is operator-shaped (`insurer[]`, `stage[$ne]`): never a parameter of ours. */
export const isBracketed = (name: string): boolean => /[[\]]/.test(name);

/** Per codec, its parameter names: a codec is built once and never changes, so its schema is derived once. */
const parameterNames = new WeakMap<t.Any, readonly string[]>();

/** The parameter names a query codec reads (its object schema's properties). */
export function parameterNamesOf(codec: t.Any): readonly string[] {
  let names = parameterNames.get(codec);
  if (names === undefined) {
    names = Object.keys((jsonSchemaOf(codec).properties as Record<string, unknown> | undefined) ?? {});
    parameterNames.set(codec, names);
  }
  return names;
}

/** A decoded query: the codec's value when it decoded (the route may add its own checks) and every problem found. */
export interface DecodedQuery<A> {
  readonly value: A | undefined;
  readonly problems: readonly InputProblem[];
}

/**
 * Decodes a query string with its codec, CONTRACT 7 "Query parameters": a bracketed name, a known
 * parameter given twice and (where the route refuses them) an unknown parameter are problems of the
 * same 400 as the codec's, one message each.
 */
export function decodeQuery<A>(
  codec: t.Type<A, unknown>,
  query: Readonly<Record<string, unknown>>,
  unknown: UnknownParameters,
): DecodedQuery<A> {
  const { values, problems } = queryValues(codec, query, unknown);
  const decoded = codec.decode(values);
  // A parameter already refused (given twice) is not also reported missing by the codec.
  const refused = new Set(problems.map((problem) => problem.field));
  if (E.isLeft(decoded)) problems.push(...problemsOf(decoded.left).filter((problem) => !refused.has(problem.field)));
  return { value: E.isRight(decoded) ? decoded.right : undefined, problems: uniqueProblems(problems) };
}

/** The parameters `codec` reads, each given once, and the problems of the others (the first step of `decodeQuery`). */
export function queryValues(
  codec: t.Any,
  query: Readonly<Record<string, unknown>>,
  unknown: UnknownParameters,
): { values: Record<string, string>; problems: InputProblem[] } {
  const known = parameterNamesOf(codec);
  const problems: InputProblem[] = [];
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (!known.includes(name)) {
      if (unknown === 'refuse' || isBracketed(name))
        problems.push({ field: name, message: `${name} is not a known parameter` });
    } else if (typeof value !== 'string') problems.push({ field: name, message: `${name} must be given once` });
    else values[name] = value;
  }
  return { values, problems };
}

/** The bracketed parameters of a query (for the routes that read no query at all). */
export function bracketedParameterProblems(query: Readonly<Record<string, unknown>>): InputProblem[] {
  return Object.keys(query)
    .filter(isBracketed)
    .map((name) => ({ field: name, message: `${name} is not a known parameter` }));
}
