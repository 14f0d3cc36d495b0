import type { HttpError } from './http-error';

/**
 * One context's piece of a service's error mapping: an answer for each `_tag` of its use-case errors.
 * The object must name every tag of `E` and no other, so a tag added to a use case without its answer
 * fails to compile here, as the service's composed mapping does for the union of all pieces.
 */
export type ErrorMapping<E extends { readonly _tag: string }> = {
  readonly [K in E['_tag']]: (error: Extract<E, { readonly _tag: K }>) => HttpError;
};

/** The answer of `mapping` for `error` (its own tag's entry). */
export function httpErrorOf<E extends { readonly _tag: string }>(mapping: ErrorMapping<E>, error: E): HttpError {
  const answer = mapping[error._tag as E['_tag']] as (error: E) => HttpError;
  return answer(error);
}
