import { undocumentedRoutes } from '@tessera/platform';
import { describeEachDatabase } from '@tessera/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type IdentityHarness, startIdentity } from './testing/harness.ts';

describeEachDatabase('identity routes in the OpenAPI document', ({ createDatabase }) => {
  let identity: IdentityHarness;
  beforeAll(async () => {
    identity = await startIdentity(await createDatabase());
  });
  afterAll(async () => identity.close());

  it('documents every route (summary and response), the protocol endpoint and the hosted login included', async () => {
    expect(undocumentedRoutes(identity.app).filter((route) => route.service === 'identity')).toEqual([]);
    const response = await fetch(`${identity.baseUrl}/api/identity/openapi.json`);
    expect(response.status, await response.clone().text()).toBe(200);
    const document = (await response.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/identity', '/oauth2/authorize', '/oauth2/token', '/.well-known/jwks.json']),
    );
  });
});
