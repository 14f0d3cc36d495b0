import createClient from 'openapi-fetch';
import type { paths } from 'consumer-documents/sales';
import { cookieOf, expectEqual, expectStatus, type Step } from './check';

type Sales = ReturnType<typeof createClient<paths>>;

/**
 * A sales client as an outside team would write it: typed by the document the sales service serves,
 * nothing imported from the server's code. An admin logs in, creates an API key, a vendor and a manual
 * sale of that vendor (by its `id`), records an SDR interaction and changes its status, creates a
 * policy and reads it back, saves a filter and lists it.
 */
export async function runSalesFlow(input: { baseUrl: string; email: string; password: string }): Promise<Step[]> {
  const steps: Step[] = [];
  const sales = createClient<paths>({ baseUrl: input.baseUrl });
  const login = await sales.POST('/auth/login', { body: { email: input.email, password: input.password } });
  expectEqual(
    'POST /auth/login',
    'user.email',
    expectStatus(steps, 'POST /auth/login', login, 200).user.email,
    input.email,
  );
  const bearer = { Authorization: `Bearer ${cookieOf(login.response, 'access_token')}` };
  const key = expectStatus(
    steps,
    'POST /api-keys',
    await sales.POST('/api-keys', { body: { email: input.email }, headers: bearer }),
    201,
  );
  const apiKey = { 'X-API-KEY': key.key };
  await vendorAndSale(sales, steps, apiKey);
  await sdr(sales, steps, { Authorization: `Bearer ${key.key}` });
  await policy(sales, steps, bearer);
  await savedFilter(sales, steps, bearer);
  return steps;
}

async function vendorAndSale(sales: Sales, steps: Step[], headers: Record<string, string>): Promise<void> {
  const vendor = expectStatus(
    steps,
    'POST /vendors',
    await sales.POST('/vendors', {
      body: {
        name: 'Loja Centro',
        store: 'Centro',
        phone: '11987654321',
        isActive: true,
        webhookEnabled: false,
        vendorId: 'V-77',
      },
      headers,
    }),
    201,
  );
  expectEqual('POST /vendors', 'vendorId', vendor.vendorId, 'V-77');
  const sale = expectStatus(
    steps,
    'POST /api/sales/manual',
    await sales.POST('/api/sales/manual', {
      body: {
        venda: { sellerId: 'S-9', sellerName: 'Carla', financingApprovalDate: '2026-11-10' },
        pessoa: { fullName: 'Ana Souza', cpf: '529.982.247-25', birthDate: '1990-02-03', mobile: '(11) 98765-4321' },
        veiculo: {
          manufacturer: 'VW',
          brand: 'VW',
          model: 'Polo',
          color: 'Branco',
          fipeCode: '005',
          renavan: '9',
          chassi: 'X',
          fuelType: 'flex',
          manufactureYear: 2024,
          modelYear: 2025,
        },
        vendorId: vendor.id,
      },
      headers,
    }),
    201,
  );
  expectEqual('POST /api/sales/manual', 'pessoa.fullName', sale.pessoa.fullName, 'Ana Souza');
}

async function sdr(sales: Sales, steps: Step[], headers: Record<string, string>): Promise<void> {
  const phone = '(21) 99876-5432';
  const created = expectStatus(
    steps,
    'POST /sdr/interactions',
    await sales.POST('/sdr/interactions', {
      body: { channel: 'whatsapp', result: 'no_response', phone, name: 'Bruno Lima', contact: true },
      headers,
    }),
    201,
  );
  expectEqual('POST /sdr/interactions', 'created', created.created, true);
  const updated = expectStatus(
    steps,
    'PATCH /sdr/interactions/status',
    await sales.PATCH('/sdr/interactions/status', {
      body: { identifier: phone, identifier_type: 'phone', status: 'interested', notes: 'called back' },
      headers,
    }),
    200,
  );
  expectEqual('PATCH /sdr/interactions/status', 'new_status', updated.new_status, 'interested');
}

async function policy(sales: Sales, steps: Step[], headers: Record<string, string>): Promise<void> {
  const created = expectStatus(
    steps,
    'POST /api/policies',
    await sales.POST('/api/policies', {
      body: {
        policyNumber: 'AP-2026-0001',
        cpf: '529.982.247-25',
        insurer: 'Porto Seguro',
        product: 'life',
        premiumCents: 123_45,
        startDate: '2026-01-01',
        endDate: '2027-01-01',
        status: 'active',
      },
      headers,
    }),
    201,
  );
  const read = expectStatus(
    steps,
    'GET /api/policies/{id}',
    await sales.GET('/api/policies/{id}', { params: { path: { id: created.id } }, headers }),
    200,
  );
  expectEqual('GET /api/policies/{id}', 'policyNumber', read.policyNumber, 'AP-2026-0001');
  expectEqual('GET /api/policies/{id}', 'premiumCents', read.premiumCents, 123_45);
}

async function savedFilter(sales: Sales, steps: Step[], headers: Record<string, string>): Promise<void> {
  const saved = expectStatus(
    steps,
    'POST /user/saved-filters',
    await sales.POST('/user/saved-filters', {
      body: { name: 'Active life', resource: 'policies', query: { status: 'active', product: 'life', limit: 50 } },
      headers,
    }),
    201,
  );
  const listed = expectStatus(
    steps,
    'GET /user/saved-filters',
    await sales.GET('/user/saved-filters', { params: { query: { resource: 'policies' } }, headers }),
    200,
  );
  expectEqual('GET /user/saved-filters', 'first id', listed.data[0]?.id, saved.id);
}
