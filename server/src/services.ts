/**
 * The services this process mounts, in start order (migrations and seeds run in this order).
 * Each later issue adds its service here.
 */
import type { ServiceDefinition } from '@tessera/platform';

/** Every service of the one-process server. */
export const services: readonly ServiceDefinition[] = [];
