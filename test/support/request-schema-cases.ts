import { randomUUID } from 'node:crypto';
import { manualSaleBody } from './sales-fixtures';

type Body = Record<string, unknown>;

/** One broken rule: the field (dotted path) a message of the 400 must start with, and the body that breaks it. */
export interface Violation {
  readonly rule: string;
  readonly field: string;
  readonly body: (valid: Body) => Body;
}

/** A request body of one operation: valid bodies (each alternative) and one violation per constrained property. */
export interface RequestCase {
  readonly method: 'post';
  readonly path: string;
  readonly valid: (context: { vendorId: string }) => Body[];
  readonly violations: readonly Violation[];
}

const set = (field: string, value: unknown) => (valid: Body) => ({ ...valid, [field]: value });
const without = (field: string) => (valid: Body) =>
  Object.fromEntries(Object.entries(valid).filter(([k]) => k !== field));
const inside =
  (parent: string, field: string, value: unknown) =>
  (valid: Body): Body => ({ ...valid, [parent]: { ...(valid[parent] as Body), [field]: value } });
const unique = () => randomUUID().slice(0, 8).toUpperCase();

const policy = (): Body => ({
  policyNumber: `AP-${unique()}`,
  cpf: '529.982.247-25',
  insurer: 'Porto Seguro',
  product: 'life',
  premiumCents: 12_345,
  startDate: '2026-01-01',
  endDate: '2027-01-01',
  status: 'active',
});

export const REQUEST_CASES: readonly RequestCase[] = [
  {
    method: 'post',
    path: '/api/policies',
    valid: () => [policy(), { ...policy(), product: 'auto', vehiclePlate: 'ABC1D23', saleId: null }],
    violations: [
      { rule: 'enum', field: 'product', body: set('product', 'boat') },
      { rule: 'enum', field: 'status', body: set('status', 'cancelled') },
      { rule: 'integer', field: 'premiumCents', body: set('premiumCents', 123.5) },
      { rule: 'minimum', field: 'premiumCents', body: set('premiumCents', -1) },
      { rule: 'format date', field: 'startDate', body: set('startDate', '01/02/2026') },
      { rule: 'format date', field: 'endDate', body: set('endDate', '2027-1-1') },
      { rule: 'pattern', field: 'policyNumber', body: set('policyNumber', 'ap 2026 #1') },
      { rule: 'pattern', field: 'cpf', body: set('cpf', '123') },
      { rule: 'pattern', field: 'insurer', body: set('insurer', '   ') },
      { rule: 'pattern', field: 'saleId', body: set('saleId', 'not-a-uuid') },
      { rule: 'pattern', field: 'vehiclePlate', body: set('vehiclePlate', 'ZZ') },
      { rule: 'if/then', field: 'vehiclePlate', body: set('product', 'auto') },
      { rule: 'required', field: 'endDate', body: without('endDate') },
    ],
  },
  {
    method: 'post',
    path: '/sdr/interactions',
    valid: () => [
      { channel: 'whatsapp', result: 'no_response', phone: '(21) 99876-5432', cpf: '529.982.247-25' },
      { channel: 'sms', result: 'interested', session_id: `web-${randomUUID()}` },
    ],
    violations: [
      { rule: 'enum', field: 'channel', body: set('channel', 'fax') },
      { rule: 'enum', field: 'result', body: set('result', 'maybe') },
      { rule: 'pattern', field: 'phone', body: set('phone', 'call me') },
      { rule: 'pattern', field: 'cpf', body: set('cpf', '12') },
      { rule: 'pattern', field: 'session_id', body: set('session_id', 'web-123') },
      { rule: 'required alternative', field: 'phone', body: without('phone') },
      { rule: 'maxLength', field: 'notes', body: set('notes', 'x'.repeat(5001)) },
    ],
  },
  {
    method: 'post',
    path: '/api/sales/manual',
    valid: ({ vendorId }) => [manualSaleBody({ vendorId }), manualSaleBody({ vendorId: null, veiculo: null })],
    violations: [
      { rule: 'format uuid', field: 'vendorId', body: set('vendorId', 'V-1') },
      { rule: 'minimum', field: 'veiculo.manufactureYear', body: inside('veiculo', 'manufactureYear', 1800) },
      { rule: 'maximum', field: 'veiculo.modelYear', body: inside('veiculo', 'modelYear', 3000) },
      { rule: 'integer', field: 'veiculo.modelYear', body: inside('veiculo', 'modelYear', 2024.5) },
      { rule: 'pattern', field: 'venda.sellerName', body: inside('venda', 'sellerName', '  ') },
      { rule: 'format date', field: 'pessoa.birthDate', body: inside('pessoa', 'birthDate', 'yesterday') },
      { rule: 'required', field: 'pessoa', body: without('pessoa') },
    ],
  },
  {
    method: 'post',
    path: '/user/saved-filters',
    valid: () => [{ name: `Active ${unique()}`, resource: 'policies', query: { status: 'active', limit: 50 } }],
    violations: [
      { rule: 'enum', field: 'resource', body: set('resource', 'cars') },
      { rule: 'additionalProperties', field: 'query', body: set('query', { status: { $ne: 'x' } }) },
      { rule: 'type', field: 'query', body: set('query', 'status=active') },
      { rule: 'maxLength', field: 'name', body: set('name', 'n'.repeat(101)) },
      { rule: 'required', field: 'query', body: without('query') },
    ],
  },
  {
    method: 'post',
    path: '/vendors',
    valid: () => [
      { name: 'Loja', store: 'Centro', phone: '1133334444', isActive: true, webhookEnabled: false, vendorId: unique() },
    ],
    violations: [
      { rule: 'pattern', field: 'name', body: set('name', '   ') },
      { rule: 'type', field: 'isActive', body: set('isActive', 'yes') },
      { rule: 'maxLength', field: 'store', body: set('store', 's'.repeat(201)) },
      { rule: 'required', field: 'vendorId', body: without('vendorId') },
    ],
  },
];
