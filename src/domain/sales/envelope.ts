import type { Address, Person, Sale, SaleEntry, Vehicle, Vendor } from './sale';

/** The outbound webhook body, exactly spec part 2 "Sale webhook envelope". */
export interface SaleEnvelope {
  readonly vendas: readonly EnvelopeEntry[];
  readonly totalVendas: number;
  readonly timestamp: string;
}

/** A domain record as it travels in JSON: dates become ISO strings. */
type Wire<T> = {
  readonly [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

/** One entry of `vendas` (spec part 2): the fields listed there, nothing more. */
export interface EnvelopeEntry {
  readonly venda: Wire<
    Pick<Sale, 'id' | 'sellerId' | 'sellerName' | 'financingApprovalDate' | 'createdAt' | 'updatedAt'>
  >;
  readonly pessoa: Wire<Person>;
  readonly endereco: Address | null;
  readonly veiculo: Vehicle | null;
  readonly vendedor: Pick<Vendor, 'id' | 'vendorId' | 'name' | 'isActive' | 'webhookEnabled'> | null;
  readonly timestamp: string;
}

export function toEnvelopeEntry({ sale, person, vendor }: SaleEntry, now: Date): EnvelopeEntry {
  return {
    venda: {
      id: sale.id,
      sellerId: sale.sellerId,
      sellerName: sale.sellerName,
      financingApprovalDate: sale.financingApprovalDate?.toISOString() ?? null,
      createdAt: sale.createdAt.toISOString(),
      updatedAt: sale.updatedAt.toISOString(),
    },
    pessoa: personOnWire(person),
    endereco: sale.address === null ? null : addressOnWire(sale.address),
    veiculo: sale.vehicle === null ? null : vehicleOnWire(sale.vehicle),
    vendedor: vendor === null ? null : vendorOnWire(vendor),
    timestamp: now.toISOString(),
  };
}

// Member by member, never a spread: the wire carries exactly the spec's fields, whatever a record holds.
const personOnWire = (person: Person): Wire<Person> => ({
  id: person.id,
  fullName: person.fullName,
  cpf: person.cpf,
  rg: person.rg,
  cnh: person.cnh,
  birthDate: person.birthDate,
  gender: person.gender,
  maritalStatus: person.maritalStatus,
  personalEmail: person.personalEmail,
  commercialEmail: person.commercialEmail,
  residentialPhone: person.residentialPhone,
  commercialPhone: person.commercialPhone,
  mobile: person.mobile,
  optionalPhone: person.optionalPhone,
  createdAt: person.createdAt.toISOString(),
  updatedAt: person.updatedAt.toISOString(),
});

const addressOnWire = (address: Address): Address => ({
  street: address.street,
  number: address.number,
  city: address.city,
  state: address.state,
  neighborhood: address.neighborhood,
  complement: address.complement,
  zipCode: address.zipCode,
});

const vehicleOnWire = (vehicle: Vehicle): Vehicle => ({
  id: vehicle.id,
  manufacturer: vehicle.manufacturer,
  brand: vehicle.brand,
  model: vehicle.model,
  color: vehicle.color,
  manufactureYear: vehicle.manufactureYear,
  modelYear: vehicle.modelYear,
  fipeCode: vehicle.fipeCode,
  renavan: vehicle.renavan,
  chassi: vehicle.chassi,
  fuelType: vehicle.fuelType,
});

const vendorOnWire = (vendor: Vendor): EnvelopeEntry['vendedor'] => ({
  id: vendor.id,
  vendorId: vendor.vendorId,
  name: vendor.name,
  isActive: vendor.isActive,
  webhookEnabled: vendor.webhookEnabled,
});

/** sales -> `{vendas, totalVendas, timestamp}` (one timestamp for the envelope and its entries). */
export function buildEnvelope(entries: readonly SaleEntry[], now: Date): SaleEnvelope {
  return {
    vendas: entries.map((entry) => toEnvelopeEntry(entry, now)),
    totalVendas: entries.length,
    timestamp: now.toISOString(),
  };
}
