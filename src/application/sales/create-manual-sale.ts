import * as E from 'fp-ts/Either';
import { parseCpf } from '../../domain/shared/cpf';
import { normalizePhone } from '../../domain/shared/phone';
import { NEW_DELIVERY_STATE, type Address, type Person, type Sale, type SaleEntry } from '../../domain/sales/sale';
import type { Clock, IdGenerator, PersonChanges } from '../shared/ports';
import type { PersonRepository, SaleRepository, VendorRepository } from './ports';

const PHONE_FIELDS = ['residentialPhone', 'commercialPhone', 'mobile', 'optionalPhone'] as const;
export type PhoneField = (typeof PHONE_FIELDS)[number];

export interface ManualSaleInput {
  readonly sale: {
    readonly sellerId: string;
    readonly sellerName: string;
    readonly financingApprovalDate?: Date | null;
  };
  readonly person: {
    readonly fullName: string;
    readonly cpf: string;
    readonly rg?: string | null;
    readonly cnh?: string | null;
    readonly birthDate?: string | null;
    readonly gender?: string | null;
    readonly maritalStatus?: string | null;
    readonly personalEmail?: string | null;
    readonly commercialEmail?: string | null;
  } & { readonly [K in PhoneField]?: string | null };
  readonly address?: Address | null;
  readonly vehicle?: {
    readonly manufacturer: string;
    readonly brand: string;
    readonly model: string;
    readonly color: string;
    readonly manufactureYear?: number | null;
    readonly modelYear?: number | null;
    readonly fipeCode: string;
    readonly renavan: string;
    readonly chassi: string;
    readonly fuelType: string;
  } | null;
  readonly vendorId?: string | null;
}

export type CreateManualSaleError =
  | { readonly _tag: 'InvalidCpf' }
  | { readonly _tag: 'InvalidPhone'; readonly field: PhoneField }
  | { readonly _tag: 'UnknownVendor'; readonly vendorId: string };

/** CONTRACT 3.3 manual inclusion: validates, stores the person (one per CPF) and the pending sale. */
export class CreateManualSale {
  constructor(
    private readonly sales: SaleRepository,
    private readonly people: PersonRepository,
    private readonly vendors: VendorRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    /** The SDR contacts the person is in (CONTRACT 10.1); absent in unit tests of the write alone. */
    private readonly personChanges?: PersonChanges,
  ) {}

  async execute(input: ManualSaleInput): Promise<E.Either<CreateManualSaleError, SaleEntry>> {
    const cpf = parseCpf(input.person.cpf);
    if (E.isLeft(cpf)) return E.left({ _tag: 'InvalidCpf' });
    const phones = canonicalPhones(input.person);
    if (E.isLeft(phones)) return phones;
    const vendorId = input.vendorId ?? null;
    const vendor = vendorId === null ? null : await this.vendors.findById(vendorId);
    if (vendorId !== null && vendor === undefined) return E.left({ _tag: 'UnknownVendor', vendorId });

    const now = this.clock.now();
    const person: Person = await this.people.saveByCpf(
      personOf(this.ids.next(), input.person, cpf.right, phones.right, now),
    );
    const v = input.vehicle ?? null;
    const sale: Sale = {
      id: this.ids.next(),
      sellerId: input.sale.sellerId,
      sellerName: input.sale.sellerName,
      financingApprovalDate: input.sale.financingApprovalDate ?? null,
      personId: person.id,
      address: input.address ?? null,
      vehicle:
        v === null
          ? null
          : { id: this.ids.next(), ...v, manufactureYear: v.manufactureYear ?? null, modelYear: v.modelYear ?? null },
      vendorId,
      lastEvent: null,
      delivery: NEW_DELIVERY_STATE,
      createdAt: now,
      updatedAt: now,
    };
    await this.sales.insert(sale);
    await this.personChanges?.personsChanged([person.id]);
    return E.right({ sale, person, vendor: vendor ?? null });
  }
}

/** The person's phones in canonical form (CONTRACT 3.4); a blank one is null. */
function canonicalPhones(
  person: ManualSaleInput['person'],
): E.Either<CreateManualSaleError, Partial<Record<PhoneField, string | null>>> {
  const phones: Partial<Record<PhoneField, string | null>> = {};
  for (const field of PHONE_FIELDS) {
    const raw = person[field];
    if (raw === undefined || raw === null || raw.trim() === '') {
      phones[field] = null;
      continue;
    }
    const phone = normalizePhone(raw);
    if (phone === undefined) return E.left({ _tag: 'InvalidPhone', field });
    phones[field] = phone;
  }
  return E.right(phones);
}

function personOf(
  id: string,
  p: ManualSaleInput['person'],
  cpf: Person['cpf'],
  phones: Partial<Record<PhoneField, string | null>>,
  now: Date,
): Person {
  return {
    id,
    fullName: p.fullName.trim(),
    cpf,
    rg: p.rg ?? null,
    cnh: p.cnh ?? null,
    birthDate: p.birthDate ?? null,
    gender: p.gender ?? null,
    maritalStatus: p.maritalStatus ?? null,
    personalEmail: p.personalEmail ?? null,
    commercialEmail: p.commercialEmail ?? null,
    residentialPhone: phones.residentialPhone ?? null,
    commercialPhone: phones.commercialPhone ?? null,
    mobile: phones.mobile ?? null,
    optionalPhone: phones.optionalPhone ?? null,
    createdAt: now,
    updatedAt: now,
  };
}
