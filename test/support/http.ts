import Router from '@koa/router';
import type { Db } from 'mongodb';
import { HttpError } from '../../src/adapters/http/shared/http-error';

/**
 * Routes mounted next to the real ones in HTTP tests: each fails the way a later feature's handler
 * can fail, so the error middleware is exercised through the whole Koa chain.
 */
export function failingRoutes(prefix: string, db: () => Db): Router {
  const router = new Router(prefix === '' ? {} : { prefix });
  router.post('/test/validation', () => {
    throw new HttpError(400, 'Validation failed', {
      validation: ['email must be an email', 'password is required'],
      details: { email: ['must be an email'], password: ['is required'] },
    });
  });
  router.post('/test/echo', (ctx) => {
    ctx.body = { body: ctx.request.body, raw: ctx.request.rawBody };
  });
  router.get('/test/login-failure', () => {
    throw new HttpError(401, 'Invalid credentials', { keepMessageInProduction: true });
  });
  router.get('/test/forbidden', () => {
    throw new HttpError(403, 'Insufficient permissions', { extra: { required: 'leads:read' } });
  });
  router.get('/test/boom', () => {
    throw new Error('secret internal detail');
  });
  router.post('/test/duplicate', async (ctx) => {
    const collection = db().collection('uniques');
    await collection.createIndex({ email: 1 }, { unique: true });
    await collection.insertOne({ email: 'a@example.com' });
    await collection.insertOne({ email: 'a@example.com' });
    ctx.body = {};
  });
  router.get('/test/database', async (ctx) => {
    ctx.body = await db().collection('things').findOne({});
  });
  return router;
}
