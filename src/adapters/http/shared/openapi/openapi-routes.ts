import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Router from '@koa/router';
import { documented } from './documented-router';
import type { OpenApiDocument } from './openapi-document';

/** The Swagger UI files the page loads, served from the npm package (no CDN). */
const SWAGGER_UI_ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/** Reads the spec URL from the page (no inline script, so the page runs under a strict CSP). */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  var root = document.getElementById('swagger-ui');
  window.ui = SwaggerUIBundle({ url: root.getAttribute('data-spec'), domNode: root, deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis], layout: 'BaseLayout' });
});
`;

/**
 * Swagger UI sets inline styles; everything else comes from this origin. The page replaces the API's
 * `frame-ancestors 'none'` (CONTRACT 11.5) with this policy, which keeps it.
 */
const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const assetCache = new Map<string, Buffer>();

function swaggerUiAsset(name: string): Buffer {
  let content = assetCache.get(name);
  if (content === undefined) {
    content = readFileSync(join(dirname(require.resolve('swagger-ui-dist/package.json')), name));
    assetCache.set(name, content);
  }
  return content;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function docsPage(title: string, assets: string, spec: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<link rel="icon" type="image/png" href="${assets}favicon-32x32.png">
<link rel="stylesheet" href="${assets}swagger-ui.css">
</head>
<body>
<div id="swagger-ui" data-spec="${escapeHtml(spec)}"></div>
<script src="${assets}swagger-ui-bundle.js"></script>
<script src="${assets}init.js"></script>
</body>
</html>
`;
}

const notFound = { description: 'No such file', schema: { $ref: '#/components/schemas/Error' } };
const documentSpec = {
  summary: 'This OpenAPI 3.1 document',
  responses: { 200: { description: 'The document', schema: { type: 'object' } } },
};
const pageSpec = {
  summary: 'The documentation page (Swagger UI)',
  responses: { 200: { description: 'An HTML page', contentType: 'text/html', schema: { type: 'string' } } },
};
const assetSpec = {
  summary: 'A file of the documentation page',
  pathParameters: { asset: 'swagger-ui.css, swagger-ui-bundle.js, init.js or favicon-32x32.png' },
  responses: { 200: { description: 'The file', contentType: '*/*', schema: {} }, 404: notFound },
};

/**
 * CONTRACT 9.1: `GET <base>/openapi.json` (the document) and `GET <base>/docs` (Swagger UI, from the
 * swagger-ui-dist package served here). Public, never rate limited nor written to the API event log
 * (the services' exemption lists name these paths). The page's links are relative, so it works behind
 * a proxy that serves the service under a prefix.
 */
export function openApiRoutes(basePath: string, documentOf: () => OpenApiDocument): Router {
  const router = new Router(basePath === '' ? {} : { prefix: basePath });
  const api = documented(router, { tag: 'Documentation', security: [] });
  let json: string | undefined;

  api.get('/openapi.json', documentSpec, (ctx) => {
    json ??= JSON.stringify(documentOf());
    ctx.type = 'application/json';
    ctx.body = json;
  });

  api.get('/docs', pageSpec, (ctx) => {
    // `/docs` and `/docs/` both answer; relative links must resolve under /docs/ from either.
    const trailing = ctx.path.endsWith('/');
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', DOCS_CSP);
    ctx.body = docsPage(
      documentOf().info.title,
      trailing ? '' : 'docs/',
      trailing ? '../openapi.json' : 'openapi.json',
    );
  });

  api.get('/docs/:asset', assetSpec, (ctx, next) => {
    const name = ctx.params.asset ?? '';
    if (name === 'init.js') {
      ctx.type = 'text/javascript; charset=utf-8';
      ctx.body = INIT_SCRIPT;
    } else if (Object.hasOwn(SWAGGER_UI_ASSETS, name)) {
      ctx.type = SWAGGER_UI_ASSETS[name] ?? 'application/octet-stream';
      ctx.body = swaggerUiAsset(name);
    } else {
      return next();
    }
    return undefined;
  });

  return router;
}
