// zod/mini keeps this schema small enough for the public home page's JavaScript budget.
import * as z from 'zod/mini';

/**
 * The runtime configuration the server publishes at /config.json. The web app reads every service's base URL
 * from it, so one build runs in one process or behind a gateway (ARCHITECTURE.md, "Services").
 */
export const runtimeConfigSchema = z.object({
  services: z.record(z.string(), z.string()),
  identity: z.object({
    region: z.string(),
    userPoolId: z.string(),
    userPoolClientId: z.string(),
    userPoolEndpoint: z.string(),
    oauthDomain: z.nullable(z.string()),
  }),
  features: z._default(z.record(z.string(), z.unknown()), {}),
});

/** The parsed /config.json. */
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
