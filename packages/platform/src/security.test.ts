import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityPlugin } from './security.ts';

function directivesOf(header: string | string[] | number | undefined): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...sources] = part.split(/\s+/);
        return [name!, sources.join(' ')] as const;
      }),
  );
}

async function buildApp(hsts: boolean): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(securityPlugin, { hsts, cspExtensions: { connectSrc: ['https://cognito.example'] } });
  app.get('/', async () => 'home');
  app.get(
    '/psp',
    { helmet: { contentSecurityPolicy: contentSecurityPolicy({ frameSrc: ['https://psp.example'] }) } },
    async () => 'checkout',
  );
  return app;
}

describe('security headers', () => {
  it('sends the strict CSP with worker-src blob:, style attributes only, and no framing', async () => {
    const app = await buildApp(false);
    const response = await app.inject({ method: 'GET', url: '/' });
    const csp = directivesOf(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('style-src')).toBe("'self'");
    expect(csp.get('style-src-attr')).toBe("'unsafe-inline'");
    expect(csp.get('img-src')).toBe("'self' data: blob:");
    // Customer data in shared caches and exfiltration (defect 9 of issue #13): no `ws: wss:` to any host.
    expect(csp.get('connect-src')).toBe("'self' https://cognito.example");
    expect(csp.get('worker-src')).toBe("'self' blob:");
    expect(csp.get('media-src')).toBe("'self' blob:");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'self'");
    expect(csp.get('form-action')).toBe("'self'");
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['permissions-policy']).toContain('camera=(self)');
    expect(response.headers['permissions-policy']).toContain('microphone=(self)');
    await app.close();
  });

  it('adds HSTS and upgrade-insecure-requests behind TLS', async () => {
    const app = await buildApp(true);
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directivesOf(response.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(
      true,
    );
    await app.close();
  });

  it('lets one route extend the policy without changing the others', async () => {
    const app = await buildApp(false);
    const psp = await app.inject({ method: 'GET', url: '/psp' });
    expect(directivesOf(psp.headers['content-security-policy']).get('frame-src')).toBe('https://psp.example');
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(directivesOf(home.headers['content-security-policy']).get('frame-src')).toBe("'none'");
    await app.close();
  });
});
