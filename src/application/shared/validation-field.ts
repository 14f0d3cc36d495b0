import type * as t from 'io-ts';

/**
 * The field an io-ts failure is about, as a reader names it: the keys of its path joined by dots,
 * array indexes and the root left out (`venda.itens.0.preco` reads `venda.itens.preco`); empty for the
 * value itself. One rule for every message built from a decoding failure: the HTTP edge's validation
 * messages and the assistant's tool arguments.
 */
export function validationField(error: t.ValidationError): string {
  return error.context
    .map((entry) => entry.key)
    .filter((key) => key !== '' && !/^\d+$/.test(key))
    .join('.');
}
