import {
  contactIsErased,
  interactionIsErased,
  personIsErased,
  saleIsErased,
} from '../../../domain/privacy/erased-records';
import { CHECK_BATCH } from '../../shared/data-checks/data-check';
import type { DataCheck, DataCheckScan, ViolationBatch } from '../../shared/data-checks/data-check';
import type { ContactReadModel } from '../../sdr/read-model-ports';
import type { ErasedSubjectStore } from './ports';

/**
 * erased-subjects (CONTRACT 12.4): no document of an erased person (the person, its sales, the SDR contacts it
 * belongs to) or of an erased SDR interaction (the interaction, its notes) still holds a personal value. The
 * erasure marks what it erased (`erasedAt`) and keeps no identifier, so the check judges the records themselves.
 */
export function erasedSubjects(store: ErasedSubjectStore, contacts: ContactReadModel): DataCheck {
  return {
    name: 'erased-subjects',
    promise: 'no erased person, its sales and contacts, or erased SDR interaction holds a personal value again',
    notRepairable:
      'a personal value on an erased record was written after the erasure (source data): `privacy erase` with ' +
      'that value erases it again',
    async *scan({ scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      for await (const persons of store.erasedPersons(CHECK_BATCH)) {
        scanned(persons.length);
        const ids = persons.flatMap((person) => [
          ...(personIsErased(person.fields) ? [] : [`people/${person.id}`]),
          ...person.sales.filter((sale) => !saleIsErased(sale)).map((sale) => `sales/${sale.id}`),
        ]);
        const keys = await contacts.idsOfPersons(
          persons.map((person) => person.id),
          [],
        );
        const stale = (await contacts.findByIds(keys)).filter((contact) => !contactIsErased(contact));
        ids.push(...stale.map((contact) => `sdr_contacts/${contact.sessionId}`));
        if (ids.length > 0) yield { ids };
      }
      for await (const interactions of store.erasedInteractions(CHECK_BATCH)) {
        scanned(interactions.length);
        const ids = interactions.filter((i) => !interactionIsErased(i)).map((i) => `sdr_interactions/${i.id}`);
        if (ids.length > 0) yield { ids };
      }
    },
  };
}
