// Child process of bench:login-flood and bench:audit-flood: autocannon against one route, every
// request from its own client address (X-Forwarded-For, read by a server with TRUST_PROXY=1), so a
// flood of many clients stays under each IP's rate limit; or, with `oneAddress`, every request from
// this process's own address (no X-Forwarded-For). Prints autocannon's result as one JSON line.
//   node --import tsx bench/support/rotating-ip-load.ts '<LoadSpec as JSON>'
import autocannon from 'autocannon';

export interface LoadSpec {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly connections: number;
  readonly seconds: number;
  /** Requests per second over all connections; unset: as fast as answered (a flood). */
  readonly rate?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** Request bodies used in turn. */
  readonly bodies?: readonly string[];
  /** First octet after 10. of the addresses this process uses, so two processes never share one. */
  readonly ipBlock: number;
  /** Send no X-Forwarded-For: every request comes from the one address of the socket. */
  readonly oneAddress?: boolean;
}

export interface LoadResult {
  readonly requests: number;
  readonly p99Ms: number;
  readonly p50Ms: number;
  readonly statuses: Readonly<Record<string, number>>;
  readonly errors: number;
}

function main(): void {
  const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec;
  let n = Math.floor(Math.random() * 1_000_000);
  const nextIp = (): string => {
    n = (n + 1) % 16_777_216;
    return `10.${spec.ipBlock}.${(n >> 8) & 255}.${n & 255}`;
  };
  let turn = 0;
  const bodies = spec.bodies ?? [];
  autocannon(
    {
      url: spec.url,
      connections: spec.connections,
      duration: spec.seconds,
      ...(spec.rate === undefined ? {} : { overallRate: spec.rate }),
      requests: [
        {
          method: spec.method,
          setupRequest: (request) => {
            const body = bodies.length === 0 ? undefined : bodies[turn++ % bodies.length];
            return {
              ...request,
              headers: {
                ...spec.headers,
                ...(spec.oneAddress === true ? {} : { 'x-forwarded-for': nextIp() }),
                ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              },
              ...(body === undefined ? {} : { body }),
            };
          },
        },
      ],
    },
    (error, result) => {
      if (error !== null && error !== undefined) throw error;
      const statuses: Record<string, number> = {};
      for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = count ?? 0;
      const out: LoadResult = {
        requests: result.requests.total,
        p99Ms: result.latency.p99,
        p50Ms: result.latency.p50,
        statuses,
        errors: result.errors,
      };
      process.stdout.write(`${JSON.stringify(out)}\n`);
    },
  );
}

if (require.main === module) main();
