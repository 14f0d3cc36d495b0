// The load generator of bench:webhooks, run as its own process so autocannon never shares the
// server's event loop. Posts signed ~4 KiB lead forms, every body distinct (a new lead each time,
// never a recognized redelivery), and prints one JSON line: {rps, p99, non2xx}.
//   node --import tsx bench/support/webhook-load.ts --url U --path P --secret S --seconds N --connections C
import autocannon from 'autocannon';
import { createHmac, randomUUID } from 'node:crypto';

const arg = (name: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? process.argv[i + 1] : undefined;
  if (value === undefined) throw new Error(`--${name} is required`);
  return value;
};

/** A lead form of about 4 KiB, distinct per n (its id and phone), signed as GitHub signs. */
export function leadForm(n: number, secret: string): { body: string; signature: string } {
  const phone = `119${String(10_000_000 + (n % 89_999_999)).padStart(8, '0')}`;
  const body = JSON.stringify({
    id: `bench-${n}-${randomUUID()}`,
    contact: { name: `Cliente ${n}`, phone, email: `cliente${n}@example.com` },
    attendant: { name: 'Equipe' },
    team: { name: 'Vendas' },
    interests: { brand: 'Fiat', product: 'Argo' },
    tracking: { source: 'google', medium: 'cpc' },
    notes: 'x'.repeat(3_600),
  });
  return { body, signature: `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}` };
}

async function main(): Promise<void> {
  const secret = arg('secret');
  let n = 0;
  const result = await autocannon({
    url: arg('url'),
    connections: Number(arg('connections')),
    duration: Number(arg('seconds')),
    requests: [
      {
        method: 'POST',
        path: arg('path'),
        setupRequest: (req) => {
          n += 1;
          const form = leadForm(n, secret);
          return {
            ...req,
            body: form.body,
            headers: { 'content-type': 'application/json', 'x-hub-signature-256': form.signature },
          };
        },
      },
    ],
  });
  process.stdout.write(
    `${JSON.stringify({ rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx })}\n`,
  );
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
