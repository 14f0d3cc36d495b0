import type { SavedFilterResource } from '../../domain/saved-filters/saved-filter';

/** Unknown, or another user's (CONTRACT 8.5: never revealed as existing). */
export type SavedFilterNotFound = { readonly _tag: 'SavedFilterNotFound' };
export type SavedFilterNameTaken = {
  readonly _tag: 'SavedFilterNameTaken';
  readonly name: string;
  readonly resource: SavedFilterResource;
};
