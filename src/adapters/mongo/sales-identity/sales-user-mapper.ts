import { roleOrOperator } from '../../../domain/sales-identity/role';
import type { SalesUser } from '../../../domain/sales-identity/sales-user';
import type { SalesUserDocument } from './sales-user-collection';

export function salesUserToDocument(user: SalesUser): SalesUserDocument {
  return {
    _id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    passwordHash: user.passwordHash,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

export function salesUserFromDocument(doc: SalesUserDocument): SalesUser {
  return {
    id: doc._id,
    email: doc.email,
    name: doc.name,
    role: roleOrOperator(doc.role),
    passwordHash: doc.passwordHash,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}
