import * as E from 'fp-ts/Either';
import { normalizeEmail } from '../../domain/sales-identity/email';
import { identityOf, type SalesIdentity } from '../../domain/sales-identity/sales-user';
import type { SalesUserRepository } from './ports';

export type FindSalesIdentityError = { readonly _tag: 'UserNotFound'; readonly email: string };

/**
 * The identity a user acts with (id, e-mail, role), by e-mail: for the commands an operator runs at
 * the machine as a given user (`brokerhub ask --email`), as an API key bound to that user would.
 */
export class FindSalesIdentity {
  constructor(private readonly users: SalesUserRepository) {}

  async execute(input: { readonly email: string }): Promise<E.Either<FindSalesIdentityError, SalesIdentity>> {
    const email = normalizeEmail(input.email);
    const user = await this.users.findByEmail(email);
    return user === undefined ? E.left({ _tag: 'UserNotFound', email }) : E.right(identityOf(user));
  }
}
