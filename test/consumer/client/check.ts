/**
 * What the consumer's flows check on every answer: the status the document promises and, through the
 * generated types, the body's shape. A failed check throws with the call and what came back, so the
 * test names the call that no longer matches the server.
 */
export interface Answer<T> {
  readonly data?: T;
  readonly error?: unknown;
  readonly response: Response;
}

export interface Step {
  readonly call: string;
  readonly status: number;
}

export function expectStatus<T>(steps: Step[], call: string, answer: Answer<T>, status: number): T {
  steps.push({ call, status: answer.response.status });
  if (answer.response.status !== status || answer.data === undefined) {
    throw new Error(`${call}: expected ${status}, got ${answer.response.status} ${JSON.stringify(answer.error)}`);
  }
  return answer.data;
}

export function expectEqual(call: string, what: string, actual: unknown, expected: unknown): void {
  if (actual !== expected) {
    throw new Error(`${call}: ${what} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  }
}

/** The value of one cookie in an answer's Set-Cookie lines (a Node client keeps its own cookies). */
export function cookieOf(response: Response, name: string): string {
  const line = response.headers.getSetCookie().find((candidate) => candidate.startsWith(`${name}=`));
  const value = line?.split(';')[0]?.slice(name.length + 1);
  if (value === undefined || value === '') throw new Error(`no ${name} cookie`);
  return value;
}
