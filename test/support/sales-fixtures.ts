import { randomUUID } from 'node:crypto';
import type { Db } from 'mongodb';
import { NEW_DELIVERY_STATE, type Person, type Sale, type Vendor } from '../../src/domain/sales/sale';
import type { SdrInteraction } from '../../src/domain/sdr/interaction';
import { salesAreaIndexes } from '../../src/adapters/mongo/sales/indexes';
import { MongoPersonRepository } from '../../src/adapters/mongo/sales/mongo-person-repository';
import { MongoSaleRepository } from '../../src/adapters/mongo/sales/mongo-sale-repository';
import { MongoVendorRepository } from '../../src/adapters/mongo/sales/mongo-vendor-repository';
import { sdrAreaIndexes } from '../../src/adapters/mongo/sdr/indexes';
import { ensureIndexes } from '../../src/adapters/mongo/shared/collection-indexes';
import type { MongoConnection } from '../../src/adapters/mongo/shared/mongo-connection';

/** Valid CPFs (check digits correct) for fixtures. */
export function validCpf(seed: number): string {
  const base = String(100_000_000 + (seed % 800_000_000))
    .padStart(9, '0')
    .slice(0, 9)
    .split('')
    .map(Number);
  const digit = (digits: number[]) => {
    const sum = digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const first = digit(base);
  const second = digit([...base, first]);
  return [...base, first, second].join('');
}

export function person(overrides: Partial<Person> = {}): Person {
  const now = overrides.createdAt ?? new Date();
  return {
    id: randomUUID(),
    fullName: 'Maria da Silva',
    cpf: validCpf(Math.floor(Math.random() * 700_000_000)),
    rg: '12.345.678-9',
    cnh: '01234567890',
    birthDate: '1985-04-12',
    gender: 'F',
    maritalStatus: 'married',
    personalEmail: 'maria@example.com',
    commercialEmail: null,
    residentialPhone: '551133334444',
    commercialPhone: null,
    mobile: '5511987654321',
    optionalPhone: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

export function vendor(overrides: Partial<Vendor> = {}): Vendor {
  const now = new Date();
  return {
    id: randomUUID(),
    vendorId: `V-${randomUUID().slice(0, 8)}`,
    name: 'João Vendedor',
    store: 'Loja Centro',
    phone: '5511912345678',
    isActive: true,
    webhookEnabled: true,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

export function sale(personId: string, overrides: Partial<Sale> = {}): Sale {
  const now = overrides.createdAt ?? new Date();
  return {
    id: randomUUID(),
    sellerId: 'S-1',
    sellerName: 'Carlos',
    financingApprovalDate: new Date('2026-11-01T12:00:00.000Z'),
    personId,
    address: null,
    vehicle: null,
    vendorId: null,
    lastEvent: null,
    delivery: NEW_DELIVERY_STATE,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

/** An SDR interaction of a phone lead, first contact without answer. */
export const sdrInteraction = (overrides: Partial<SdrInteraction> = {}): SdrInteraction => ({
  id: randomUUID(),
  personId: randomUUID(),
  phone: '5511987654321',
  phoneKey: '1187654321',
  sessionId: null,
  channel: 'whatsapp',
  result: 'no_response',
  status: 'no_response',
  contact: false,
  sent: false,
  sentTo: null,
  convertedToLead: false,
  convertedAt: null,
  createdAt: new Date('2026-03-01T12:00:00.000Z'),
  updatedAt: new Date('2026-03-01T12:00:00.000Z'),
  ...overrides,
});

/** Stores `count` pending sales of one person; returns their ids. */
export async function seedSales(db: Db, count: number, overrides: Partial<Sale> = {}): Promise<string[]> {
  const owner = await new MongoPersonRepository(db).saveByCpf(person());
  const repo = new MongoSaleRepository(db);
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const s = sale(owner.id, overrides);
    await repo.insert(s);
    ids.push(s.id);
  }
  return ids;
}

export const repositories = (db: Db) => ({
  sales: new MongoSaleRepository(db),
  people: new MongoPersonRepository(db),
  vendors: new MongoVendorRepository(db),
});

/** A new, empty database on an open connection, with the sales and SDR indexes: each contract case starts empty. */
export async function freshSalesDatabase(conn: MongoConnection): Promise<Db> {
  const db = conn.client.db(`test_${randomUUID().replace(/-/g, '').slice(0, 16)}`);
  await ensureIndexes(db, [...salesAreaIndexes, ...sdrAreaIndexes]);
  return db;
}

/** A valid POST /api/sales/manual body (spec part 6). */
export const manualSaleBody = (overrides: Record<string, unknown> = {}) => ({
  venda: { sellerId: 'S-9', sellerName: 'Carla', financingApprovalDate: '2026-11-10T15:00:00.000Z' },
  pessoa: {
    fullName: 'Ana Souza',
    cpf: '529.982.247-25',
    birthDate: '1990-02-03',
    mobile: '(11) 98765-4321',
    personalEmail: 'ana@example.com',
  },
  endereco: {
    street: 'Rua B',
    number: '20',
    city: 'Campinas',
    state: 'SP',
    neighborhood: 'Cambuí',
    complement: '',
    zipCode: '13025000',
  },
  veiculo: {
    manufacturer: 'VW',
    brand: 'VW',
    model: 'Polo',
    color: 'Branco',
    manufactureYear: 2024,
    modelYear: 2024,
    fipeCode: '005',
    renavan: '9',
    chassi: 'X',
    fuelType: 'flex',
  },
  ...overrides,
});
