import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import request from 'supertest';
import type { OpenApiDocument } from '../../../src/adapters/http/shared/openapi/openapi-document';
import { REQUEST_CASES, type RequestCase } from '../../support/request-schema-cases';
import { openSalesRuntime, type SalesRuntime } from '../../support/sales-runtime';

/**
 * The request schema of one operation of the served document, as a validator a client would build:
 * JSON Schema 2020-12 (the dialect of OpenAPI 3.1), formats checked, the document's components beside
 * it so its local references resolve.
 */
function validatorOf(document: OpenApiDocument, testCase: RequestCase): ValidateFunction {
  const operation = (document.paths as Record<string, Record<string, unknown>>)[testCase.path]?.[testCase.method] as
    { requestBody?: { content?: Record<string, { schema?: object }> } } | undefined;
  const schema = operation?.requestBody?.content?.['application/json']?.schema;
  if (schema === undefined) throw new Error(`${testCase.method} ${testCase.path} has no JSON request schema`);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv.compile({ ...schema, components: (document as { components?: unknown }).components });
}

/**
 * A document and the codec behind it agree (CONTRACT 11.4): a body the request schema allows is not
 * refused for its shape, and each body it forbids (one broken rule at a time) is refused both by a
 * standard JSON Schema validator and by the server, whose 400 names the field.
 */
describe('request schemas of the sales document agree with the server (CONTRACT 11.4)', function () {
  this.timeout(60_000);
  let sales: SalesRuntime;
  let document: OpenApiDocument;
  let key: string;
  let vendorId: string;
  const send = (testCase: RequestCase, body: object) =>
    request(sales.callback)[testCase.method](testCase.path).set('x-api-key', key).send(body);

  before(async () => {
    sales = await openSalesRuntime();
    document = (await request(sales.callback).get('/openapi.json').expect(200)).body as OpenApiDocument;
    key = (await sales.createApiKey((await sales.createUser({ role: 'admin' })).email)).key;
    const vendor = await request(sales.callback)
      .post('/vendors')
      .set('x-api-key', key)
      .send({ name: 'Loja', store: 'Centro', phone: '1', isActive: true, webhookEnabled: false, vendorId: 'V-1' })
      .expect(201);
    vendorId = (vendor.body as { id: string }).id;
  });
  after(() => sales.close());

  for (const testCase of REQUEST_CASES) {
    describe(`${testCase.method.toUpperCase()} ${testCase.path}`, () => {
      it('every valid body passes the schema and is not refused for its shape', async () => {
        const validate = validatorOf(document, testCase);
        for (const body of testCase.valid({ vendorId })) {
          expect(validate(body), JSON.stringify(validate.errors)).to.equal(true);
          const res = await send(testCase, body);
          expect(res.status, JSON.stringify(res.body)).to.be.oneOf([200, 201]);
        }
      });

      for (const violation of testCase.violations) {
        const title = `${violation.field} (${violation.rule}): the schema refuses it, the server answers 400 naming it`;
        it(title, async () => {
          const validate = validatorOf(document, testCase);
          const [valid] = testCase.valid({ vendorId });
          const body = violation.body(valid ?? {});
          expect(validate(body), `the schema allows ${JSON.stringify(body).slice(0, 200)}`).to.equal(false);
          const res = await send(testCase, body);
          expect(res.status, JSON.stringify(res.body)).to.equal(400);
          const messages = (res.body as { error?: unknown }).error;
          expect(messages, JSON.stringify(res.body)).to.be.an('array');
          const { field } = violation;
          const naming = (messages as string[]).filter(
            (message) => message.startsWith(`${field} `) || message.startsWith(`${field}.`),
          );
          expect(naming.length, JSON.stringify(messages)).to.be.greaterThan(0);
        });
      }
    });
  }
});
