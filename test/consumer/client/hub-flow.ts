import createClient from 'openapi-fetch';
import type { paths } from 'consumer-documents/hub';
import { expectEqual, expectStatus, type Step } from './check';

/**
 * A hub client as an outside team would write it: typed by the document the hub serves, nothing
 * imported from the server's code. Logs in and lists the organization's leads.
 */
export async function runHubFlow(input: {
  baseUrl: string;
  email: string;
  password: string;
  orgId: string;
}): Promise<Step[]> {
  const steps: Step[] = [];
  const hub = createClient<paths>({ baseUrl: input.baseUrl });
  const login = expectStatus(
    steps,
    'POST /auth/login',
    await hub.POST('/auth/login', { body: { email: input.email, password: input.password } }),
    200,
  );
  expectEqual('POST /auth/login', 'org.id', login.org.id, input.orgId);
  expectEqual('POST /auth/login', 'user.email', login.user.email, input.email);
  const headers = { Authorization: `Bearer ${login.accessToken}` };
  const leads = expectStatus(
    steps,
    'GET /orgs/{orgId}/leads',
    await hub.GET('/orgs/{orgId}/leads', {
      params: { path: { orgId: input.orgId }, query: { page: 1, limit: 20 } },
      headers,
    }),
    200,
  );
  expectEqual('GET /orgs/{orgId}/leads', 'leads', Array.isArray(leads.leads), true);
  return steps;
}
