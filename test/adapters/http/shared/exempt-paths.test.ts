import { expect } from 'chai';
import { exemptPathMatcher } from '../../../../src/adapters/http/shared/exempt-paths';

describe('exempt paths (probes, metrics, documentation)', () => {
  const isExempt = exemptPathMatcher(['/healthz', '/openapi.json', '/docs', '/docs/']);

  it('matches exact paths as the router does: any case, with or without a trailing slash', () => {
    for (const path of ['/healthz', '/HEALTHZ', '/healthz/', '/openapi.json', '/docs', '/Docs/'])
      expect(isExempt(path), path).to.equal(true);
    for (const path of ['/healthzz', '/health', '/openapi.json.bak', '/doc', '/'])
      expect(isExempt(path), path).to.equal(false);
  });

  it('treats an entry ending in a slash as a prefix', () => {
    expect(isExempt('/docs/swagger-ui-bundle.js')).to.equal(true);
    expect(isExempt('/DOCS/swagger-ui.css')).to.equal(true);
    expect(isExempt('/docsx/a')).to.equal(false);
    expect(exemptPathMatcher(['/healthz'])('/healthz/x')).to.equal(false);
  });
});
