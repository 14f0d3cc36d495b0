import * as E from 'fp-ts/Either';

/** A CPF as its 11 digits, check digits verified. */
export type Cpf = string & { readonly __brand: 'Cpf' };

export type CpfError = { readonly _tag: 'InvalidCpf'; readonly reason: 'format' | 'repeated' | 'check-digit' };

/**
 * Accepts `123.456.789-09`, `12345678909` and anything in between (dots, dash, spaces); rejects other
 * characters, another digit count, the ten repeated-digit sequences (they pass the check-digit math
 * but are not issued) and a wrong check digit.
 */
/**
 * The shape `parseCpf` reads: 11 digits, dots, hyphens and spaces anywhere (the check digits are a
 * further rule); written without flags for the `pattern` of the OpenAPI documents.
 */
export const CPF_SHAPE = /^[.\-\s]*(\d[.\-\s]*){11}$/;

export function parseCpf(input: string): E.Either<CpfError, Cpf> {
  if (!/^[\d.\-\s]+$/.test(input)) return E.left({ _tag: 'InvalidCpf', reason: 'format' });
  const digits = input.replace(/\D/g, '');
  if (digits.length !== 11) return E.left({ _tag: 'InvalidCpf', reason: 'format' });
  if (/^(\d)\1{10}$/.test(digits)) return E.left({ _tag: 'InvalidCpf', reason: 'repeated' });
  const numbers = [...digits].map(Number);
  if (checkDigit(numbers.slice(0, 9)) !== numbers[9] || checkDigit(numbers.slice(0, 10)) !== numbers[10]) {
    return E.left({ _tag: 'InvalidCpf', reason: 'check-digit' });
  }
  return E.right(digits as Cpf);
}

/** Receita Federal's mod-11 rule: weights n+1 down to 2; remainder < 2 gives 0, else 11 - remainder. */
export function checkDigit(digits: readonly number[]): number {
  const weightStart = digits.length + 1;
  const sum = digits.reduce((acc, digit, i) => acc + digit * (weightStart - i), 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}
