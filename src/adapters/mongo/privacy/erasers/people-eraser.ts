import type { Db } from 'mongodb';
import { REMOVED } from '../../../../domain/privacy/erasure';
import type { ErasureContext, ErasureStep } from '../../../../application/privacy/ports';
import type { Clock } from '../../../../application/shared/ports';
import { peopleCollection } from '../../sales/people-collection';
import { NO_PERSON_DETAILS } from '../../../../domain/sales/sale';

/**
 * `people` (CONTRACT 12.4): the record stays (its sales and SDR interactions point at it; `registered` and
 * `qualified` of past contacts keep their value), every personal field goes: the name becomes `[removido]`
 * (required), the rest null, the phone keys unset, the e-mail keys empty. `erasedAt` marks it for `check-data`
 * (erased-subjects).
 */
export function peopleEraser(db: Db, clock: Clock): ErasureStep {
  const people = peopleCollection(db);
  const pending = (context: ErasureContext) => ({
    _id: { $in: [...context.subject.personIds] },
    erasedAt: { $exists: false },
  });
  return {
    store: 'people',
    position: 10,
    count: (context) => people.countDocuments(pending(context)),
    async erase(context) {
      let changed = 0;
      for (const person of await people.find(pending(context)).toArray()) {
        const result = await people.updateOne(
          { _id: person._id, erasedAt: { $exists: false } },
          {
            $set: {
              fullName: REMOVED,
              ...NO_PERSON_DETAILS,
              mobile: null,
              // The e-mails are gone, so are their keys (the derived value of no e-mail).
              emailKeys: [],
              erasedAt: clock.now(),
            },
            $unset: { phoneKeys: '', minimalPhoneKey: '' },
          },
        );
        changed += result.modifiedCount;
      }
      return changed;
    },
  };
}
