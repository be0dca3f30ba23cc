/** The profile module as the service mounts it: the object store, the service, the customer and staff routes. */
import {
  createObjectStore,
  loadObjectStoreSettings,
  type ObjectStore,
  type ServiceContext,
} from '@tessera/platform';
import type { FastifyInstance } from 'fastify';
import { profileRoutes } from './profile.routes.ts';
import { createProfileService, type ProfileService } from './profile.service.ts';
import { profileStaffRoutes } from './profile-staff.routes.ts';

/** What a test may set on a context before the routes are mounted. */
export interface ProfileTestOptions {
  readonly store?: ObjectStore;
  readonly onBuilt?: (profile: ProfileService) => void;
}

const testOptions = new WeakMap<ServiceContext, ProfileTestOptions>();

/** Sets a test's object store for the profile module of `context`. */
export function configureProfileForTest(context: ServiceContext, options: ProfileTestOptions): void {
  testOptions.set(context, options);
}

/** Registers the profile module on the service's app; answers its service (closing an account deletes the picture). */
export async function registerProfile(
  app: FastifyInstance,
  context: ServiceContext,
): Promise<ProfileService> {
  const test = testOptions.get(context);
  const store = test?.store ?? (await createObjectStore(loadObjectStoreSettings(), context.config.dataDir));
  const profile = createProfileService({ db: context.db, store });
  test?.onBuilt?.(profile);
  await app.register(profileRoutes, { context, profile });
  await app.register(profileStaffRoutes, { context, profile });
  return profile;
}
