import type { SaleEntry } from './sale';

/** The outbound webhook body, exactly spec part 2 "Sale webhook envelope". */
export interface SaleEnvelope {
  readonly vendas: readonly EnvelopeEntry[];
  readonly totalVendas: number;
  readonly timestamp: string;
}

export interface EnvelopeEntry {
  readonly venda: {
    readonly id: string;
    readonly sellerId: string;
    readonly sellerName: string;
    readonly financingApprovalDate: string | null;
    readonly createdAt: string;
    readonly updatedAt: string;
  };
  readonly pessoa: {
    readonly id: string;
    readonly fullName: string;
    readonly cpf: string | null;
    readonly rg: string | null;
    readonly cnh: string | null;
    readonly birthDate: string | null;
    readonly gender: string | null;
    readonly maritalStatus: string | null;
    readonly personalEmail: string | null;
    readonly commercialEmail: string | null;
    readonly residentialPhone: string | null;
    readonly commercialPhone: string | null;
    readonly mobile: string | null;
    readonly optionalPhone: string | null;
    readonly createdAt: string;
    readonly updatedAt: string;
  };
  readonly endereco: {
    readonly street: string;
    readonly number: string;
    readonly city: string;
    readonly state: string;
    readonly neighborhood: string;
    readonly complement: string;
    readonly zipCode: string;
  } | null;
  readonly veiculo: {
    readonly id: string;
    readonly manufacturer: string;
    readonly brand: string;
    readonly model: string;
    readonly color: string;
    readonly manufactureYear: number | null;
    readonly modelYear: number | null;
    readonly fipeCode: string;
    readonly renavan: string;
    readonly chassi: string;
    readonly fuelType: string;
  } | null;
  readonly vendedor: {
    readonly id: string;
    readonly vendorId: string;
    readonly name: string;
    readonly isActive: boolean;
    readonly webhookEnabled: boolean;
  } | null;
  readonly timestamp: string;
}

export function toEnvelopeEntry({ sale, person, vendor }: SaleEntry, now: Date): EnvelopeEntry {
  const { address, vehicle } = sale;
  return {
    venda: {
      id: sale.id,
      sellerId: sale.sellerId,
      sellerName: sale.sellerName,
      financingApprovalDate: sale.financingApprovalDate?.toISOString() ?? null,
      createdAt: sale.createdAt.toISOString(),
      updatedAt: sale.updatedAt.toISOString(),
    },
    pessoa: {
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
    },
    endereco:
      address === null
        ? null
        : {
            street: address.street,
            number: address.number,
            city: address.city,
            state: address.state,
            neighborhood: address.neighborhood,
            complement: address.complement,
            zipCode: address.zipCode,
          },
    veiculo:
      vehicle === null
        ? null
        : {
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
          },
    vendedor:
      vendor === null
        ? null
        : { id: vendor.id, vendorId: vendor.vendorId, name: vendor.name, isActive: vendor.isActive, webhookEnabled: vendor.webhookEnabled },
    timestamp: now.toISOString(),
  };
}

/** sales -> `{vendas, totalVendas, timestamp}` (one timestamp for the envelope and its entries). */
export function buildEnvelope(entries: readonly SaleEntry[], now: Date): SaleEnvelope {
  return { vendas: entries.map((entry) => toEnvelopeEntry(entry, now)), totalVendas: entries.length, timestamp: now.toISOString() };
}
