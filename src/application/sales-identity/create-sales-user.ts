import * as E from 'fp-ts/Either';
import type { Clock, IdGenerator, PasswordHasher } from '../shared/ports';
import { isEmailShaped, normalizeEmail } from '../../domain/sales-identity/email';
import { passwordProblem } from '../../domain/sales-identity/password-policy';
import type { SalesRole } from '../../domain/sales-identity/role';
import type { SalesUserRepository } from './ports';

export interface CreateSalesUserInput {
  readonly email: string;
  readonly password: string;
  readonly name?: string;
  readonly role?: SalesRole;
}

export interface CreateSalesUserOutput {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly role: SalesRole;
}

export type CreateSalesUserError =
  | { readonly _tag: 'InvalidEmail' }
  | { readonly _tag: 'WeakPassword'; readonly problem: string }
  | { readonly _tag: 'EmailTaken'; readonly email: string };

export class CreateSalesUser {
  constructor(
    private readonly users: SalesUserRepository,
    private readonly hasher: PasswordHasher,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: CreateSalesUserInput): Promise<E.Either<CreateSalesUserError, CreateSalesUserOutput>> {
    const email = normalizeEmail(input.email);
    if (!isEmailShaped(email)) return E.left({ _tag: 'InvalidEmail' });
    const problem = passwordProblem(input.password);
    if (problem !== undefined) return E.left({ _tag: 'WeakPassword', problem });
    const now = this.clock.now();
    const user = {
      id: this.ids.next(),
      email,
      // The spec's login result carries a name; without one the address is the best label we have.
      name: input.name?.trim() || email,
      role: input.role ?? 'operator',
      passwordHash: await this.hasher.hash(input.password),
      createdAt: now,
      updatedAt: now,
    };
    const result = await this.users.create(user);
    if (result === 'duplicate') return E.left({ _tag: 'EmailTaken', email });
    return E.right({ id: user.id, email: user.email, name: user.name, role: user.role });
  }
}
