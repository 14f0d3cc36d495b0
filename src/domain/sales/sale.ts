/**
 * The sale (venda) and what belongs to it, with every field of spec part 2. Dates are Date objects
 * in the domain and ISO strings on the wire (the envelope builder converts).
 */

/** Every personal detail of a person but the name and the mobile, absent (a minimal person, an erased one). */
export const NO_PERSON_DETAILS = {
  cpf: null,
  rg: null,
  cnh: null,
  birthDate: null,
  gender: null,
  maritalStatus: null,
  personalEmail: null,
  commercialEmail: null,
  residentialPhone: null,
  commercialPhone: null,
  optionalPhone: null,
} as const;

export interface Person {
  readonly id: string;
  readonly fullName: string;
  /** 11 digits, check digits verified; null for a minimal person created from an SDR contact. */
  readonly cpf: string | null;
  readonly rg: string | null;
  readonly cnh: string | null;
  /** A date without time, `YYYY-MM-DD`. */
  readonly birthDate: string | null;
  readonly gender: string | null;
  readonly maritalStatus: string | null;
  readonly personalEmail: string | null;
  readonly commercialEmail: string | null;
  /** Canonical phones (55 + DDD + number), see domain/shared/phone.ts. */
  readonly residentialPhone: string | null;
  readonly commercialPhone: string | null;
  readonly mobile: string | null;
  readonly optionalPhone: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface Address {
  readonly street: string;
  readonly number: string;
  readonly city: string;
  readonly state: string;
  readonly neighborhood: string;
  readonly complement: string;
  readonly zipCode: string;
}

export interface Vehicle {
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
}

export interface Vendor {
  readonly id: string;
  readonly vendorId: string;
  readonly name: string;
  readonly store: string;
  readonly phone: string;
  readonly isActive: boolean;
  readonly webhookEnabled: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const SALE_EVENTS = ['webhook_received', 'template_sent', 'contact_failed', 'lead_forwarded'] as const;
export type SaleEventName = (typeof SALE_EVENTS)[number];

export interface SaleStatusEvent {
  readonly event: SaleEventName;
  readonly noContactReason?: string;
  readonly sentTo?: string;
  readonly sentToNumber?: string;
  readonly dealership?: string;
  readonly at: Date;
}

/** Outbound delivery state (spec part 3 "Sale webhook delivery flags", CONTRACT 3.3). */
export interface DeliveryState {
  readonly webhookProcessed: boolean;
  readonly forceReprocess: boolean;
  /** A run that claimed the sale holds it until this time; null when free. */
  readonly leaseUntil: Date | null;
  readonly attempts: number;
  readonly lastAttemptAt: Date | null;
  /** HTTP status or transport error of the last attempt. */
  readonly lastOutcome: string | null;
}

export interface Sale {
  readonly id: string;
  readonly sellerId: string;
  readonly sellerName: string;
  readonly financingApprovalDate: Date | null;
  readonly personId: string;
  readonly address: Address | null;
  readonly vehicle: Vehicle | null;
  /** The vendor's uuid (Vendor.id). */
  readonly vendorId: string | null;
  readonly lastEvent: SaleStatusEvent | null;
  readonly delivery: DeliveryState;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A sale with what the envelope needs (spec part 2 entry). */
export interface SaleEntry {
  readonly sale: Sale;
  readonly person: Person;
  readonly vendor: Vendor | null;
}

export const NEW_DELIVERY_STATE: DeliveryState = {
  webhookProcessed: false,
  forceReprocess: false,
  leaseUntil: null,
  attempts: 0,
  lastAttemptAt: null,
  lastOutcome: null,
};
