import { Readable } from 'node:stream';
import Router from '@koa/router';
import * as t from 'io-ts';
import { exportJson, type ExportSubject } from '../../../../application/privacy/export-subject';
import type { FindSubjectHoldings } from '../../../../application/privacy/find-subject-holdings';
import { documented } from '../../shared/openapi/documented-router';
import { combinedGuard, roleGuard, type GuardDeps } from '../guards';
import { salesError, SALES_SECURITY } from '../sales-openapi';
import { orHttpError } from '../sales-error-mapping';
import { decodeSubjectQuery, SubjectQuery } from './privacy-codecs';

export interface PrivacyRoutesDeps {
  readonly guards: GuardDeps;
  readonly findSubjectHoldings: FindSubjectHoldings;
  readonly exportSubject: ExportSubject;
}

const SubjectView = t.type({ cpf: t.union([t.string, t.null]), phones: t.array(t.string), emails: t.array(t.string) });
const HoldingsView = t.type({
  subject: SubjectView,
  holdings: t.array(t.type({ store: t.string, count: t.number })),
});
const ExportView = t.type({
  subject: SubjectView,
  generatedAt: t.string,
  stores: t.record(t.string, t.array(t.unknown)),
});

const badQuery = salesError(
  'Zero or several identifiers, a malformed CPF, phone or e-mail, or an unknown parameter (the rule in words)',
);
const forbidden = salesError('Only an admin may read a data subject (`Forbidden`)');
const holdingsSpec = {
  summary: 'What each store holds of a data subject, found by CPF, phone or e-mail (LGPD; admins only)',
  description:
    'Exactly one of `cpf`, `phone` (any spelling of the same number) or `email`. A subject without data has ' +
    'counts 0. The identifier is never logged.',
  query: SubjectQuery,
  responses: {
    200: { description: 'The subject and one count per store', body: HoldingsView },
    400: badQuery,
    403: forbidden,
  },
};
const exportSpec = {
  summary: "A data subject's data as one JSON document (LGPD portability; admins only)",
  description:
    'An attachment (`Content-Disposition: attachment`), streamed store by store, the documents in ' +
    "the API's shapes where one exists. Every export is in the API event log, never with the identifier.",
  query: SubjectQuery,
  responses: {
    200: {
      description: 'The export, `{subject, generatedAt, stores: {<store>: [documents]}}`',
      body: ExportView,
      headers: { 'Content-Disposition': { description: 'attachment; filename="subject-export-<time>.json"' } },
    },
    400: badQuery,
    403: forbidden,
  },
};

/** CONTRACT 12.2: a data subject's holdings and export (admin only; a session or an API key). */
export function privacyRoutes(deps: PrivacyRoutesDeps): Router {
  const router = new Router();
  const api = documented(router, { tag: 'Privacy', security: SALES_SECURITY.jwtOrApiKey });
  const admin = [combinedGuard(deps.guards), roleGuard('admin')];

  api.get('/privacy/subjects', holdingsSpec, ...admin, async (ctx) => {
    ctx.body = orHttpError(await deps.findSubjectHoldings.execute(decodeSubjectQuery(ctx.query)));
  });

  api.get('/privacy/subjects/export', exportSpec, ...admin, async (ctx) => {
    const exported = orHttpError(await deps.exportSubject.execute(decodeSubjectQuery(ctx.query)));
    const stamp = exported.generatedAt.toISOString().replace(/[:.]/g, '-');
    ctx.attachment(`subject-export-${stamp}.json`);
    ctx.type = 'application/json';
    ctx.body = Readable.from(exportJson(exported));
  });

  return router;
}
