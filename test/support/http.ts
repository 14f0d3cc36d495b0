import Router from '@koa/router';
import * as t from 'io-ts';
import type { Db } from 'mongodb';
import { HttpError } from '../../src/adapters/http/shared/errors/http-error';
import { documented, type ResponseSpec } from '../../src/adapters/http/shared/openapi/documented-router';

/** An answer in the error format of whichever service mounts the route (both documents name it `Error`). */
export const errorAnswer = (description: string): ResponseSpec => ({
  description,
  schema: { $ref: '#/components/schemas/Error' },
});

/**
 * Routes mounted next to the real ones in HTTP tests: each fails the way a later feature's handler
 * can fail, so the error middleware is exercised through the whole Koa chain. Like every route they
 * are described (`documented`), so their answers are checked against the test app's document too.
 */
export function failingRoutes(prefix: string, db: () => Db): Router {
  const router = new Router(prefix === '' ? {} : { prefix });
  const api = documented(router, { tag: 'Test' });
  api.post(
    '/test/validation',
    { summary: 'Always a validation error', responses: { 400: errorAnswer('Validation failed') } },
    () => {
      throw new HttpError(400, 'Validation failed', {
        validation: ['email must be an email', 'password is required'],
        details: { email: ['must be an email'], password: ['is required'] },
      });
    },
  );
  const echo = t.intersection([t.type({ body: t.unknown }), t.partial({ raw: t.string })]);
  api.post(
    '/test/echo',
    { summary: 'Echoes the parsed and raw body', responses: { 200: { description: 'The body', body: echo } } },
    (ctx) => {
      ctx.body = { body: ctx.request.body, raw: ctx.request.rawBody };
    },
  );
  api.get(
    '/test/login-failure',
    { summary: 'A 401 for end users', responses: { 401: errorAnswer('Invalid credentials') } },
    () => {
      throw new HttpError(401, 'Invalid credentials', { keepMessageInProduction: true });
    },
  );
  api.get(
    '/test/forbidden',
    { summary: 'A 403 with extra members', responses: { 403: errorAnswer('Insufficient permissions') } },
    () => {
      throw new HttpError(403, 'Insufficient permissions', { extra: { required: 'leads:read' } });
    },
  );
  api.get('/test/boom', { summary: 'An unexpected fault', responses: {} }, () => {
    throw new Error('secret internal detail');
  });
  api.post(
    '/test/duplicate',
    {
      summary: 'A duplicate key',
      responses: { 200: { description: 'Never', body: t.type({}) }, 409: errorAnswer('Duplicate') },
    },
    async (ctx) => {
      const collection = db().collection('uniques');
      // The same two-argument form as ensureIndexes (docs/decisions.md "Linter").
      // oxlint-disable-next-line typescript/no-deprecated
      await collection.createIndex({ email: 1 }, { unique: true });
      await collection.insertOne({ email: 'a@example.com' });
      await collection.insertOne({ email: 'a@example.com' });
      ctx.body = {};
    },
  );
  api.get(
    '/test/database',
    {
      summary: 'A database read',
      responses: {
        200: { description: 'A document', schema: { type: 'object' } },
        204: { description: 'No document' },
      },
    },
    async (ctx) => {
      ctx.body = await db().collection('things').findOne({});
    },
  );
  return router;
}
