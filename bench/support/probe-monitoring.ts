// The MongoDB driver's command monitoring costs the process that has it on: every command builds a started and a
// succeeded event, and the succeeded one decodes the reply a second time. A benchmark that counts commands with it on
// for every request measures itself as much as the service (issue 35). This turns it on only around the probes (and
// windows the parent opens), for every connection the client has or makes.
import { createRequire } from 'node:module';
import { WorkerCommandCounter } from './dataset-worker';

/** The paths the parent sends as `count PORT PATH` to open and close a monitored window (not requests). */
export const MONITOR_ON = '/bench-monitor/on';
export const MONITOR_OFF = '/bench-monitor/off';

let windowOpen = false;
let probing = false;

/**
 * Replaces the driver's per-connection `monitorCommands` flag (set from the client options when a connection is made)
 * with this module's switch. Call it before the client connects.
 */
export function monitorOnlyWhenAsked(): void {
  // The driver's Connection class is not exported: its module is loaded by path (a benchmark, not the product).
  const { Connection } = createRequire(__filename)('mongodb/lib/cmap/connection') as {
    Connection: { prototype: object };
  };
  Object.defineProperty(Connection.prototype, 'monitorCommands', {
    configurable: true,
    get: () => windowOpen || probing,
    // The constructor's assignment of the client's option lands here and is dropped.
    set: () => {},
  });
}

/** WorkerCommandCounter with monitoring on only while a probe request runs or a window is open. */
export class ProbeOnlyCommandCounter extends WorkerCommandCounter {
  override async answer(port: number, pathAndQuery: string): Promise<string> {
    if (pathAndQuery === MONITOR_ON || pathAndQuery === MONITOR_OFF) {
      windowOpen = pathAndQuery === MONITOR_ON;
      return JSON.stringify({ status: 200, commands: [], durations: [] });
    }
    probing = true;
    try {
      return await super.answer(port, pathAndQuery);
    } finally {
      probing = false;
    }
  }
}
