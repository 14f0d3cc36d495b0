import { CrashSwitch } from './crash-switch';
import type { WriteFaults } from './write-faults';

/**
 * A CrashSwitch (what the sale repository and the delivery-attempt log take) that asks a WriteFaults
 * instead: the fakes of one test count their writes together, in order, and once killed every later
 * write dies too (the process is dead) until `faults.revive()`.
 */
export class CrashSwitchOnFaults extends CrashSwitch {
  constructor(private readonly faults: WriteFaults) {
    super();
  }

  override beforeWrite(label: string): void {
    this.faults.write(label);
  }
}
