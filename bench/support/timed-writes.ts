// Child process of bench:audit-flood: an admin's writes at a steady pace, each with its own
// x-request-id, from a client address of their own (X-Forwarded-For, read with TRUST_PROXY=1).
// Prints one JSON line: every write's request id, status, latency and the time its answer came.
//   node --import tsx bench/support/timed-writes.ts '<WritesSpec as JSON>'
import { Agent, request } from 'undici';

export interface WritesSpec {
  readonly url: string;
  readonly apiKey: string;
  readonly count: number;
  /**
   * One write every `intervalMs`, the first after `startDelayMs`, each sent on time whatever the previous one's
   * latency.
   */
  readonly intervalMs: number;
  readonly startDelayMs: number;
  readonly clientAddress: string;
  readonly requestIdPrefix: string;
}

export interface WriteResult {
  readonly requestId: string;
  readonly status: number;
  readonly latencyMs: number;
  /** Epoch ms when the answer arrived (same machine as the server). */
  readonly answeredAt: number;
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '{}') as WritesSpec;
  const agent = new Agent({ connections: 4 });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const started = performance.now();
  const one = async (i: number): Promise<WriteResult> => {
    await sleep(Math.max(0, spec.startDelayMs + i * spec.intervalMs - (performance.now() - started)));
    const requestId = `${spec.requestIdPrefix}-${i}`;
    const sent = performance.now();
    const response = await request(spec.url, {
      method: 'POST',
      dispatcher: agent,
      headers: {
        'content-type': 'application/json',
        'x-api-key': spec.apiKey,
        'x-request-id': requestId,
        'x-forwarded-for': spec.clientAddress,
      },
      body: JSON.stringify({
        vendorId: requestId,
        name: 'Loja bench',
        store: 'Centro',
        phone: '1133334444',
        isActive: true,
        webhookEnabled: true,
      }),
    });
    await response.body.dump();
    return { requestId, status: response.statusCode, latencyMs: performance.now() - sent, answeredAt: Date.now() };
  };
  const results = await Promise.all(Array.from({ length: spec.count }, (_, i) => one(i)));
  await agent.close();
  process.stdout.write(`${JSON.stringify(results)}\n`);
}

if (require.main === module) void main();
