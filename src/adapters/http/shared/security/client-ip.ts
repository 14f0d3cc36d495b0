/**
 * The client IP (CONTRACT 5.1, both services). The spec's "first X-Forwarded-For value" is whatever
 * the client wrote, so it would let anyone escape an IP limit. With TRUST_PROXY = N >= 1 the client is
 * the address N hops from the right of X-Forwarded-For (each trusted proxy appends the address it saw),
 * then X-Real-IP; with 0 the headers are ignored and the socket address is the client.
 */
export function clientIp(
  request: { headers: Readonly<Record<string, string | string[] | undefined>>; socketAddress: string | undefined },
  trustedHops: number,
): string {
  const socket = normalize(request.socketAddress) ?? 'unknown';
  if (trustedHops <= 0) return socket;
  const forwarded = headerValues(request.headers['x-forwarded-for'])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
  const fromRight = forwarded[forwarded.length - trustedHops];
  if (fromRight !== undefined) return normalize(fromRight) ?? socket;
  // Fewer hops than trusted: the leftmost entry is as far as the trusted chain goes.
  if (forwarded.length > 0) return normalize(forwarded[0]) ?? socket;
  const realIp = headerValues(request.headers['x-real-ip'])[0]?.trim();
  return normalize(realIp) ?? socket;
}

function headerValues(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is the same client as `1.2.3.4`. */
function normalize(address: string | undefined): string | undefined {
  if (address === undefined || address === '') return undefined;
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}
