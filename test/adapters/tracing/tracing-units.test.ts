import { expect } from 'chai';
import { defaultServiceName, serviceNameOf, tracingRequested } from '../../../src/adapters/tracing/tracing-switch';
import { scrubMessage, scrubUrl } from '../../../src/adapters/tracing/span-scrubber';

describe('tracing switch and service name (CONTRACT 13)', () => {
  it('is on only with an OTLP endpoint, and the standard off switches still apply', () => {
    expect(tracingRequested({})).to.equal(false);
    expect(tracingRequested({ OTEL_SERVICE_NAME: 'x', OTEL_TRACES_SAMPLER: 'always_on' })).to.equal(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).to.equal(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' })).to.equal(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' })).to.equal(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c', OTEL_SDK_DISABLED: 'true' })).to.equal(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c', OTEL_TRACES_EXPORTER: 'none' })).to.equal(false);
  });

  it('names the process by what it runs; OTEL_SERVICE_NAME overrides', () => {
    expect(defaultServiceName(['serve'])).to.equal('brokerhub');
    expect(defaultServiceName(['serve', '--only', 'sales'])).to.equal('brokerhub-sales');
    expect(defaultServiceName(['serve', '--only=hub'])).to.equal('brokerhub-hub');
    expect(defaultServiceName(['--json', 'dispatch', '--limit', '3'])).to.equal('brokerhub-cli');
    expect(defaultServiceName([])).to.equal('brokerhub-cli');
    expect(serviceNameOf({ OTEL_SERVICE_NAME: 'edge-sales' }, ['serve'])).to.equal('edge-sales');
  });
});

describe('span scrubbing (CONTRACT 13: no personal value, no secret)', () => {
  it('keeps scheme, host, port and path of a URL; drops user info, query and fragment', () => {
    expect(scrubUrl('https://user:pw@hooks.example.com:8443/a/b?token=s3cret#frag')).to.equal(
      'https://hooks.example.com:8443/a/b',
    );
    expect(scrubUrl('not a url')).to.equal(undefined);
    expect(scrubUrl(42)).to.equal(undefined);
  });

  it('replaces quoted values, e-mails, URLs, documents and digit runs in messages, and keeps one line', () => {
    const scrubbed = scrubMessage(
      'E11000 duplicate key error collection: db.people index: cpf_1 dup key: { cpf: "52998224725" }\nstack',
    );
    expect(scrubbed).not.to.contain('52998224725');
    expect(scrubbed).not.to.contain('stack');
    expect(scrubMessage("User 'Ana Souza' <ana@example.com> not found")).to.equal('User [value] <[email]> not found');
    expect(scrubMessage('fetch https://crm.example.com/graphql?key=abc failed')).to.equal(
      'fetch https://crm.example.com failed',
    );
    expect(scrubMessage('phone 11 98765-4321, cpf 529.982.247-25')).not.to.match(/\d/);
  });
});
