import * as E from 'fp-ts/Either';
import { parseCpf, type Cpf } from '../shared/cpf';
import { normalizePhone, phoneMatchKey, type CanonicalPhone } from '../shared/phone';
import type { IdentifierType } from './interaction';

/** An identifier external systems send (spec part 4), in its canonical form. */
export type LeadIdentifier =
  | { readonly type: 'phone'; readonly value: CanonicalPhone; readonly matchKey: string }
  | { readonly type: 'cpf'; readonly value: Cpf };

export type IdentifierError = { readonly _tag: 'InvalidIdentifier'; readonly type: IdentifierType };

export function parseIdentifier(type: IdentifierType, raw: string): E.Either<IdentifierError, LeadIdentifier> {
  if (type === 'phone') {
    const phone = normalizePhone(raw);
    return phone === undefined
      ? E.left({ _tag: 'InvalidIdentifier', type })
      : E.right({ type, value: phone, matchKey: phoneMatchKey(phone) });
  }
  const cpf = parseCpf(raw);
  return E.isLeft(cpf) ? E.left({ _tag: 'InvalidIdentifier', type }) : E.right({ type, value: cpf.right });
}
