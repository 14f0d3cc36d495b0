import * as E from 'fp-ts/Either';
import type { Person } from '../../domain/sales/sale';
import { parseCpf } from '../../domain/shared/cpf';
import { normalizePhone, phoneMatchKey } from '../../domain/shared/phone';
import { creationProblems } from '../../domain/sdr/creation-problems';
import { qualificationOf, type SdrChannel, type SdrInteraction, type SdrStatus } from '../../domain/sdr/interaction';
import type { Clock, IdGenerator } from '../shared/ports';
import type { SaleQualificationSync, SdrInteractionRepository, SdrPersonDirectory } from './ports';

export interface CreateSdrInteractionInput {
  readonly phone?: string;
  readonly sessionId?: string;
  readonly channel: SdrChannel;
  readonly result: SdrStatus;
  readonly contact?: boolean;
  readonly sent?: boolean;
  readonly sentTo?: string | null;
  readonly convertedToLead?: boolean;
  readonly name?: string;
  readonly cpf?: string;
  readonly email?: string;
  readonly notes?: string;
}

export interface CreateSdrInteractionOutput {
  readonly id: string;
  readonly personId: string;
  readonly status: SdrStatus;
  readonly created: boolean;
}

/** Every problem of the input at once (spec part 7: one message per problem). */
export type CreateSdrInteractionError = { readonly _tag: 'InvalidInteraction'; readonly problems: readonly string[] };

/** CONTRACT 3.4 default: an interaction of the same lead within 24 h is updated instead of duplicated. */
export const DEFAULT_SDR_DEDUPE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Create SDR interaction (spec part 4, CONTRACT 3.4). */
export class CreateSdrInteraction {
  constructor(
    private readonly interactions: SdrInteractionRepository,
    private readonly people: SdrPersonDirectory,
    private readonly sales: SaleQualificationSync,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly windowMs: number = DEFAULT_SDR_DEDUPE_WINDOW_MS,
  ) {}

  async execute(input: CreateSdrInteractionInput): Promise<E.Either<CreateSdrInteractionError, CreateSdrInteractionOutput>> {
    const problems = creationProblems(input);
    if (problems.length > 0) return E.left({ _tag: 'InvalidInteraction', problems });
    const phone = input.phone === undefined ? undefined : normalizePhone(input.phone);
    const cpf = input.cpf === undefined ? undefined : parseCpf(input.cpf);
    const validCpf = cpf !== undefined && E.isRight(cpf) ? cpf.right : undefined;

    const now = this.clock.now();
    const phoneKey = phone === undefined ? undefined : phoneMatchKey(phone);
    const since = new Date(now.getTime() - this.windowMs);
    // A web lead is known only by its session: the same session within the window is the same lead.
    const person =
      phone === undefined && input.sessionId !== undefined
        ? await this.recentSessionPerson(input.sessionId, since)
        : await this.existingPerson(phoneKey, validCpf);
    const personId = person?.id ?? (await this.createMinimalPerson(input, phone ?? null, validCpf, now));

    const fields = {
      channel: input.channel,
      result: input.result,
      // The status starts as the result (CONTRACT 3.4); an update within the window starts it again.
      status: input.result,
      contact: input.contact ?? false,
      sent: input.sent ?? false,
      sentTo: input.sentTo ?? null,
      convertedToLead: input.convertedToLead ?? false,
      updatedAt: now,
    };
    const recent = await this.interactions.findRecent(
      { personId, ...(phoneKey === undefined ? {} : { phoneKey }), ...(input.sessionId === undefined ? {} : { sessionId: input.sessionId }) },
      since,
    );
    let id: string;
    if (recent !== undefined) {
      id = recent.id;
      await this.interactions.refresh(id, fields);
    } else {
      id = this.ids.next();
      const interaction: SdrInteraction = {
        id,
        personId,
        phone: phone ?? null,
        phoneKey: phoneKey ?? null,
        sessionId: input.sessionId ?? null,
        createdAt: now,
        ...fields,
      };
      await this.interactions.insert(interaction);
    }
    if (input.notes !== undefined && input.notes.trim() !== '') await this.interactions.appendNote(id, { at: now, text: input.notes });
    await this.sales.recordOnLatestSale(recent?.personId ?? personId, { interactionId: id, ...fields, ...qualificationOf(fields), at: now });
    return E.right({ id, personId: recent?.personId ?? personId, status: fields.status, created: recent === undefined });
  }

  /** The CPF names one person; otherwise the newest person with a matching phone. */
  private async existingPerson(phoneKey: string | undefined, cpf: string | undefined): Promise<Person | undefined> {
    if (cpf !== undefined) {
      const byCpf = await this.people.findByCpf(cpf);
      if (byCpf !== undefined) return byCpf;
    }
    if (phoneKey === undefined) return undefined;
    const matches = await this.people.findByPhoneKey(phoneKey);
    return matches.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  }

  private async recentSessionPerson(sessionId: string, since: Date): Promise<Person | undefined> {
    const recent = await this.interactions.findRecent({ sessionId }, since);
    return recent === undefined ? undefined : this.people.findById(recent.personId);
  }

  private async createMinimalPerson(input: CreateSdrInteractionInput, phone: string | null, cpf: string | undefined, now: Date): Promise<string> {
    const person: Person = {
      id: this.ids.next(),
      fullName: input.name?.trim() ?? '',
      cpf: cpf ?? null,
      rg: null,
      cnh: null,
      birthDate: null,
      gender: null,
      maritalStatus: null,
      personalEmail: input.email?.trim() || null,
      commercialEmail: null,
      // Canonical mobiles have 13 digits, landlines 12.
      residentialPhone: phone !== null && phone.length === 12 ? phone : null,
      commercialPhone: null,
      mobile: phone !== null && phone.length === 13 ? phone : null,
      optionalPhone: null,
      createdAt: now,
      updatedAt: now,
    };
    if ((await this.people.insertMinimal(person)) === 'inserted') return person.id;
    // A concurrent request stored this CPF first: that person is the lead.
    const holder = cpf === undefined ? undefined : await this.people.findByCpf(cpf);
    if (holder === undefined) throw new Error('minimal person refused for its CPF but no holder found');
    return holder.id;
  }
}
