// The erasure step of bench:privacy (CONTRACT 12.4, issue "Performance"): the database commands one
// erasure of one subject sends, request and run, counted by the client's command observer. A figure that
// does not depend on the machine; the target is that it does not grow with the dataset.
import * as E from 'fp-ts/Either';
import type { SubjectIdentifier } from '../../src/application/shared/privacy/subject';
import type { Runtime } from '../../src/runtime';

/** bench:privacy's erasure step: requests the subject's erasure and runs it to its end (the last step: it erases). */
export async function eraseToTheEnd(runtime: Runtime, identifier: SubjectIdentifier): Promise<unknown> {
  const privacy = runtime.app.privacyErasure.useCases;
  const asked = await privacy.requestErasure.execute({ identifier, reason: 'bench' });
  if (E.isLeft(asked)) throw new Error('the bench reason named the subject');
  const done = await privacy.runErasure.execute(asked.right.id);
  if (done?.status !== 'done') throw new Error('the erasure did not finish');
  return done.counts;
}
