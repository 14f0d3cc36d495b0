import * as E from 'fp-ts/Either';
import type { SubjectIdentifier } from '../../application/shared/privacy/subject';
import { hubExportJson, subjectView } from '../../application/hub-leads/privacy/subject-holdings';
import type { Runtime } from '../../runtime';
import { CliFailure, EXIT } from '../cli-context';

/**
 * The hub variant of `privacy subject|export|erase` (CONTRACT 12.5): `--org ORG_ID` selects the hub's holdings of
 * that organization (leads, leadEvents, leadOutbox) instead of the sales service's. The hub holds no CPF. Each
 * function takes an open runtime, so the commands call it inside their own traced runtime.
 */
export async function hubIdentifier(runtime: Runtime, orgId: string, id: SubjectIdentifier): Promise<void> {
  if (id.kind === 'cpf')
    throw new CliFailure('privacy: --org takes --phone or --email (the hub holds no CPF)', EXIT.usage);
  const exists = await runtime.app.hubLeads.useCases.checkOrganizationExists.execute({ orgId });
  if (E.isLeft(exists)) throw new CliFailure(`privacy: no organization ${orgId}`, EXIT.usage);
}

/** `privacy subject --org ORG_ID --phone P|--email E`: the counts per hub store. */
export async function hubSubjectHoldings(runtime: Runtime, orgId: string, identifier: SubjectIdentifier) {
  await hubIdentifier(runtime, orgId, identifier);
  const found = await runtime.app.hubPrivacy.useCases.findSubjectHoldings.execute({ orgId, identifier });
  return { subject: subjectView(found.subject), holdings: [...found.holdings] };
}

/** `privacy export --org ORG_ID ...`: the export's JSON text, chunk by chunk (write it to a file or stdout). */
export async function hubSubjectExport(
  runtime: Runtime,
  orgId: string,
  identifier: SubjectIdentifier,
): Promise<AsyncGenerator<string>> {
  await hubIdentifier(runtime, orgId, identifier);
  return hubExportJson(runtime.app.hubPrivacy.useCases.exportSubject.execute({ orgId, identifier }));
}

/**
 * `privacy erase --org ORG_ID ... --reason R [--dry-run]`: the request as the route asks it (or the pending one
 * of the subject), run here to its end with the organization's other pending ones. `--dry-run`: the counts only.
 */
export async function hubErase(
  runtime: Runtime,
  input: { readonly orgId: string; readonly identifier: SubjectIdentifier; readonly reason: string; dryRun: boolean },
) {
  const { orgId, identifier } = input;
  await hubIdentifier(runtime, orgId, identifier);
  const privacy = runtime.app.hubPrivacy.useCases;
  if (input.dryRun) {
    const found = await privacy.findSubjectHoldings.execute({ orgId, identifier });
    return { dryRun: true, counts: Object.fromEntries(found.holdings.map((h) => [h.store, h.count])) };
  }
  const { id } = await privacy.requestErasure.execute({ orgId, identifier, reason: input.reason });
  await privacy.completePendingErasures.execute(orgId);
  const done = await privacy.getErasure.execute(orgId, id);
  if (E.isLeft(done)) throw new Error(`hub erasure ${id} vanished`);
  return { id, status: done.right.status, counts: done.right.counts };
}
