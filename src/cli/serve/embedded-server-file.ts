import { constants } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { open, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { redactUri } from '../../adapters/system/redact-uri';

/**
 * How the CLI finds the embedded MongoDB of a running `serve` (README "Run it"). `serve`, when it
 * started an embedded server, writes this small JSON file into the checkout: mode 0600, replaced
 * atomically, removed on shutdown. A one-shot command run without MONGODB_URI uses the server it names
 * only when the file is the same machine user's, its `serve` process is alive and the server answers;
 * anything else is ignored with one line, and the command runs on a throw-away server as before.
 */
export const SERVER_FILE_NAME = '.brokerhub-server.json';
/** Overrides where the file lives (a checkout that is not writable, tests that run their own serve). */
export const SERVER_FILE_VARIABLE = 'BROKERHUB_SERVER_FILE';

/**
 * The checkout (or installed package) this code runs from: `src/cli/serve` and `dist/cli/serve` sit three levels down.
 */
export function serverFilePath(env: Readonly<Record<string, string | undefined>>): string {
  const fromEnv = env[SERVER_FILE_VARIABLE];
  return fromEnv !== undefined && fromEnv !== ''
    ? path.resolve(fromEnv)
    : path.resolve(__dirname, '..', '..', '..', SERVER_FILE_NAME);
}

const ServerFileCodec = t.exact(
  t.type({
    pid: t.number,
    uri: t.string,
    kind: t.string,
    startedAt: t.string,
  }),
);
export type ServerFile = t.TypeOf<typeof ServerFileCodec>;

export type ServerFileLookup =
  | { readonly found: 'none' }
  | { readonly found: 'ignored'; readonly reason: string }
  | { readonly found: 'server'; readonly file: ServerFile };

export interface ServerFileChecks {
  /** The current user's id (process.getuid). */
  readonly uid: number;
  /** Whether that process exists and this user may signal it. */
  readonly processState: (pid: number) => 'alive' | 'gone' | 'foreign';
  /** Whether a MongoDB server answers a ping at that URI, within a couple of seconds. */
  readonly answers: (uri: string) => Promise<boolean>;
}

export function processState(pid: number): 'alive' | 'gone' | 'foreign' {
  try {
    process.kill(pid, 0);
    return 'alive';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? 'foreign' : 'gone';
  }
}

/** Reads the file and decides whether its server may be used; every refusal says why in one phrase. */
export async function lookUpServerFile(file: string, checks: ServerFileChecks): Promise<ServerFileLookup> {
  // One handle for every check and the read (O_NOFOLLOW: a symbolic link planted in the checkout is
  // refused, not followed), so the file cannot be swapped between the checks and the read.
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { found: 'none' };
    if (code === 'ELOOP') return { found: 'ignored', reason: 'it is not a regular file' };
    return { found: 'ignored', reason: `cannot be read (${code ?? String(error)})` };
  }
  let parsed: unknown;
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { found: 'ignored', reason: 'it is not a regular file' };
    if (info.uid !== checks.uid) return { found: 'ignored', reason: `it belongs to another user (uid ${info.uid})` };
    if ((info.mode & 0o077) !== 0)
      return {
        found: 'ignored',
        reason: `other users may read or change it (mode ${(info.mode & 0o777).toString(8)})`,
      };
    if (info.size > MAX_FILE_BYTES) return { found: 'ignored', reason: 'its content is not a server description' };
    try {
      parsed = JSON.parse(await handle.readFile('utf8'));
    } catch {
      return { found: 'ignored', reason: 'its content is not a server description' };
    }
  } finally {
    await handle.close();
  }
  const decoded = ServerFileCodec.decode(parsed);
  if (E.isLeft(decoded) || !validContent(decoded.right))
    return { found: 'ignored', reason: 'its content is not a server description' };
  const server = decoded.right;
  const state = checks.processState(server.pid);
  if (state === 'gone')
    return { found: 'ignored', reason: `its serve process (pid ${server.pid}) is no longer running` };
  if (state === 'foreign')
    return { found: 'ignored', reason: `its serve process (pid ${server.pid}) belongs to another user` };
  if (!(await checks.answers(server.uri)))
    return { found: 'ignored', reason: `its MongoDB (${redactUri(server.uri)}) does not answer` };
  return { found: 'server', file: server };
}

/** Far more than a pid, a URI and a time take: a larger file is not one serve wrote. */
const MAX_FILE_BYTES = 4096;

function validContent(file: ServerFile): boolean {
  if (!Number.isSafeInteger(file.pid) || file.pid <= 0) return false;
  try {
    return new URL(file.uri).protocol === 'mongodb:';
  } catch {
    return false;
  }
}

export interface PublishedServerFile {
  readonly path: string;
  /** Removes the file if it still names this process (a later serve may have replaced it). */
  remove(): Promise<void>;
}

/**
 * Writes the file for this process. A file that names another live `serve` of this user is left as
 * it is (its server stays the one the CLI uses) and `undefined` is answered with the reason.
 */
export async function publishServerFile(
  file: string,
  server: Omit<ServerFile, 'startedAt'>,
  checks: Pick<ServerFileChecks, 'uid' | 'processState'>,
  now: Date,
): Promise<{ published: PublishedServerFile } | { skipped: string }> {
  const existing = await lookUpServerFile(file, { ...checks, answers: async () => true });
  if (existing.found === 'server' && existing.file.pid !== server.pid) {
    return {
      skipped:
        `${file} already names the running serve with pid ${existing.file.pid}: CLI commands use that one's ` +
        'database',
    };
  }
  const content: ServerFile = { pid: server.pid, uri: server.uri, kind: server.kind, startedAt: now.toISOString() };
  // Written under a fresh name of its own with mode 0600 from the start, then renamed over: a reader
  // never sees half a file, nor a moment in which others may read it. O_EXCL and O_NOFOLLOW with an
  // unpredictable name: nothing planted at that name (a link to another file) is opened or truncated.
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(
    temporary,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    0o600,
  );
  try {
    await handle.chmod(0o600);
    await handle.writeFile(`${JSON.stringify(content)}\n`);
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  return {
    published: {
      path: file,
      remove: async () => {
        try {
          const current = JSON.parse(await readFile(file, 'utf8')) as { pid?: unknown };
          if (current.pid === server.pid) await unlink(file);
        } catch {
          // Already gone or replaced by something unreadable: not ours to remove.
        }
      },
    },
  };
}
