/** One page of a list: its items and how many there are in all (every list port and use case). */
export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
}
