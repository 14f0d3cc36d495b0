/**
 * The person an SDR lead is (spec part 4, CONTRACT 3.4): found by CPF or phone, or a minimal person
 * made from what the interaction says about the lead.
 */
import type { Person } from '../sales/sale';
import type { Cpf } from '../shared/cpf';
import type { CanonicalPhone } from '../shared/phone';

/** What an SDR interaction tells about its lead. */
export interface LeadDetails {
  readonly phone?: CanonicalPhone;
  readonly name?: string;
  readonly cpf?: Cpf;
  readonly email?: string;
}

/** The person of a lead no one knows yet: its name, CPF, e-mail and phone, nothing else. */
export function minimalLeadPerson(lead: LeadDetails, id: string, now: Date): Person {
  const phone = lead.phone ?? null;
  return {
    id,
    fullName: lead.name?.trim() ?? '',
    cpf: lead.cpf ?? null,
    rg: null,
    cnh: null,
    birthDate: null,
    gender: null,
    maritalStatus: null,
    personalEmail: lead.email?.trim() || null,
    commercialEmail: null,
    // Canonical mobiles have 13 digits, landlines 12.
    residentialPhone: phone !== null && phone.length === 12 ? phone : null,
    commercialPhone: null,
    mobile: phone !== null && phone.length === 13 ? phone : null,
    optionalPhone: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** The CPF names one person; otherwise the newest person with a matching phone. */
export function leadPersonAmong(candidates: readonly Person[], cpf: Cpf | undefined): Person | undefined {
  const holder = cpf === undefined ? undefined : candidates.find((p) => p.cpf === cpf);
  return holder ?? [...candidates].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
}
