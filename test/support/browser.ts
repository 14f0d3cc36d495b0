import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM_PATH } from './optional-tools';

// CHROMIUM_PATH: the Debian package's browser (CI installs it when missing, see .ci/run); never a
// downloaded one. Tests that launch it go through describeWithChromium (optional-tools.ts).

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface HeadlessChromium {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/** A real headless Chromium on a fresh profile (user-data-dir in a temporary folder, removed on close). */
export async function launchChromium(): Promise<HeadlessChromium> {
  const profile = await mkdtemp(join(tmpdir(), 'brokerhub-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** A loopback web server answering every path with one blank HTML page: a front end's origin. */
export class PageServer {
  private server: Server | undefined;

  /** Listens on 127.0.0.1; `hostName` is how the browser addresses it (`127.0.0.1` or `localhost`, two sites). */
  async start(hostName: '127.0.0.1' | 'localhost'): Promise<string> {
    this.server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><html><head><title>front end</title></head><body></body></html>');
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', () => resolve()));
    return `http://${hostName}:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server === undefined) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
