import type { Response } from 'supertest';

/**
 * Starts `requests` together and resolves once `count` of them have answered (the ones refused at
 * once while the others are held), with those answers; `all` settles when every one has answered.
 */
export function firstAnswers(
  requests: readonly PromiseLike<Response>[],
  count: number,
): { first: Promise<Response[]>; all: Promise<Response[]> } {
  const answered: Response[] = [];
  let resolveFirst: (answers: Response[]) => void = () => undefined;
  const first = new Promise<Response[]>((resolve) => (resolveFirst = resolve));
  const all = Promise.all(
    requests.map((r) =>
      Promise.resolve(r).then((res) => {
        answered.push(res);
        if (answered.length === count) resolveFirst([...answered]);
        return res;
      }),
    ),
  );
  return { first, all };
}
