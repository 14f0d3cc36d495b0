import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope sender and recipients, as the SMTP session gave them. */
  readonly from: string;
  readonly to: readonly string[];
  readonly subject: string;
  /** The decoded body, line breaks as `\n`. */
  readonly text: string;
  /** The message as it came over the wire. */
  readonly raw: string;
}

export interface SmtpInbox {
  readonly url: string;
  readonly received: ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps and decodes what it accepts (single-part text mail). */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelope = session.envelope;
        const from = envelope.mailFrom === false ? '' : envelope.mailFrom.address;
        received.push({ from, to: envelope.rcptTo.map((r) => r.address), ...decodeTextMail(raw), raw });
        // Accepted only once recorded: when the client's send resolves, the message is in `received`.
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeTextMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  // Unfolding (RFC 5322 2.2.3): a line break followed by white space continues the header.
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n(?=[ \t])/g, '')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const body = raw.slice(split + 4);
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'quoted-printable'
      ? quotedPrintableBytes(body.replace(/=\r\n/g, ''))
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
        : Buffer.from(body, 'utf8');
  const text = bytes.toString('utf8').replace(/\r\n/g, '\n').replace(/\n$/, '');
  return { subject: decodeEncodedWords(headers.get('subject') ?? ''), text };
}

const ENCODED_WORD = /=\?[^?]+\?([QqBb])\?([^?]*)\?=/g;

/** RFC 2047: adjacent encoded words join without the space between them; their bytes decode together. */
function decodeEncodedWords(value: string): string {
  const joined = value.replace(/\?=\s+(?==\?)/g, '?=');
  let out = '';
  let pending: Buffer[] = [];
  let last = 0;
  for (const match of joined.matchAll(ENCODED_WORD)) {
    if (match.index > last) {
      out += Buffer.concat(pending).toString('utf8') + joined.slice(last, match.index);
      pending = [];
    }
    const data = match[2] ?? '';
    pending.push(
      match[1]?.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : quotedPrintableBytes(data.replace(/_/g, ' ')),
    );
    last = match.index + match[0].length;
  }
  return out + Buffer.concat(pending).toString('utf8') + joined.slice(last);
}

function quotedPrintableBytes(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(text.charAt(i), 'utf8'));
  }
  return Buffer.from(bytes);
}
