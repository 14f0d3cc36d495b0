import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import request from 'supertest';
import type { ContainerModule } from 'inversify';
import type { MongoConnection } from '../../src/adapters/mongo/shared/mongo-connection';
import { Clock } from '../../src/application/shared/ports';
import { areaModules, composeModules, type Composition, type Overrides } from '../../src/composition-root';
import type { Area } from '../../src/composition/area';
import { rebinding } from '../../src/composition/container';
import { loadConfig } from '../../src/config';
import { DEFAULT_TIMEZONE } from '../../src/domain/kpi/local-days';
import { resolvePeriod } from '../../src/domain/kpi/period';
import { memoryLogger } from '../support/logs';
import { connectTestDatabase } from '../support/mongo';

const SECRET = 'load-order-test-secret-of-at-least-32-bytes';
const NOW = new Date('2026-03-10T12:00:00.000Z');

/**
 * What a composition is made of: every area's use cases and routes (in mount order), the indexes, both OpenAPI
 * documents.
 */
async function shapeOf(composition: Composition) {
  const { platform, clock: _clock, indexes, http, dataChecks, passwordResets, maintenance, ...areas } = composition;
  const areaShapes = Object.entries(areas as Record<string, Area & { useCases: object }>).map(([name, area]) => ({
    name,
    service: area.service,
    useCases: Object.keys(area.useCases),
    routes: area.routers.flatMap((router) =>
      router.stack.map((layer) => `${layer.methods.join(',')} ${String(layer.path)}`),
    ),
  }));
  return {
    database: platform.db.databaseName,
    areas: areaShapes,
    indexes: JSON.stringify(indexes),
    maintenance: maintenance.indexes.service.database,
    dataChecks: dataChecks.checks.map((check) => check.name),
    passwordResets: passwordResets.map((completion) => completion.service),
    sales: (await request(http.sales.callback()).get('/openapi.json').expect(200)).body as unknown,
    hub: (await request(http.hub.callback()).get('/api/v1/openapi.json').expect(200)).body as unknown,
  };
}

describe('the composition root loads the area modules in any order', () => {
  let mongo: MongoConnection;
  before(async () => {
    mongo = await connectTestDatabase();
  });
  after(async () => {
    await mongo.close();
  });

  const modules = (): ContainerModule[] => {
    const loaded = loadConfig({ SALES_JWT_SECRET: SECRET, HUB_JWT_SECRET: `${SECRET}-hub` });
    if (E.isLeft(loaded)) throw new Error(loaded.left.problem);
    return areaModules(loaded.right.config, { db: mongo.db, redis: undefined, logger: memoryLogger().logger }, {});
  };
  const overrides: Overrides = { rebind: [rebinding(Clock, { now: () => NOW })] };

  it(
    'gives the same areas, routes, indexes and OpenAPI documents in the declared, reversed and a rotated ' + 'order',
    async () => {
      const declared = await shapeOf(composeModules(modules(), overrides));
      const reversed = await shapeOf(composeModules(modules().reverse(), overrides));
      const all = modules();
      const rotated = await shapeOf(composeModules([...all.slice(5), ...all.slice(0, 5)], overrides));
      expect(declared.areas.map((area) => area.name)).to.have.length(12);
      expect(declared.areas.find((area) => area.name === 'kpi')?.routes).to.include('HEAD,GET /kpi/sdr');
      expect(reversed).to.deep.equal(declared);
      expect(rotated).to.deep.equal(declared);
    },
  );

  it(
    'an area loaded before the one whose ports it reads resolves them when first used (the KPI area before the ' +
      'SDR area)',
    async () => {
      const all = modules();
      const reversed = [...all].reverse();
      const composition = composeModules(reversed, overrides);
      const resolved = resolvePeriod({ timeZone: DEFAULT_TIMEZONE }, NOW);
      if ('problems' in resolved) throw new Error(resolved.problems.join('; '));
      const answer = await composition.kpi.useCases.getSdrKpi.execute({ period: resolved.period });
      expect(E.isRight(answer) && answer.right).to.deep.include({ hit: false });
      expect(E.isRight(answer) && answer.right.report).to.deep.include({ contacts: 0, leads: 0 });
      const res = await request(composition.http.sales.callback()).get('/missing').expect(404);
      expect(res.body.timestamp).to.equal(NOW.toISOString());
    },
  );
});
