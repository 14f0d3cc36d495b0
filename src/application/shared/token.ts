declare const portType: unique symbol;

/**
 * The typed name of a port: declared beside the interface it names, so the composition modules bind
 * and resolve a port with its type attached (`Token<SaleRepository>` yields a `SaleRepository`).
 * A symbol, so any container keyed by symbols accepts it; the type parameter exists only for the
 * compiler.
 */
export type Token<T> = symbol & { readonly [portType]?: T };

export function token<T>(name: string): Token<T> {
  return Symbol(name);
}
