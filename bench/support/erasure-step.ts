// The erasure step of bench:privacy (CONTRACT 12.4, issue "Performance"): the database commands one
// erasure of one subject sends, request and run, counted by the client's command observer. A figure that
// does not depend on the machine; the target is that it does not grow with the dataset.
import * as E from 'fp-ts/Either';
import type { SubjectIdentifier } from '../../src/application/shared/privacy/subject';
import type { Runtime } from '../../src/runtime';
import type { CommandCounter, CommandTally } from './command-count';

export interface ErasureMeasure {
  readonly counts: Readonly<Record<string, number>>;
  readonly commands: CommandTally;
}

/** Requests and runs one erasure to its end inside a counting scope (the 202's work and the run's). */
export async function measureErasure(
  runtime: Runtime,
  counter: CommandCounter,
  identifier: SubjectIdentifier,
): Promise<ErasureMeasure> {
  const privacy = runtime.app.privacyErasure.useCases;
  const { result, commands } = await counter.count(async () => {
    const asked = await privacy.requestErasure.execute({ identifier, reason: 'bench' });
    if (E.isLeft(asked)) throw new Error('the bench reason named the subject');
    return privacy.runErasure.execute(asked.right.id);
  });
  if (result?.status !== 'done') throw new Error('the erasure did not finish');
  return { counts: result.counts, commands };
}
