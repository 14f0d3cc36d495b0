import type { ReferenceStore } from '../../shared/data-checks/reference-check';
import { token, type Token } from '../../shared/token';

/** An API key names the sales user it belongs to (CONTRACT 4). */
export const ApiKeyUsers: Token<ReferenceStore> = token('ApiKeyUsers');
