/**
 * HTTP under /api/user-management (docs/api.md, "Account profile"): the signed-in customer's personal information,
 * profile picture and preferences. The customer is always the token's: no route takes a customer id, so nobody
 * reads or changes another customer's profile or picture. Staff read a customer's picture through
 * profile-staff.routes.ts (support agents and admins, audited).
 */
import {
  accountNoQuerySchema,
  accountPreferencesResponseSchema,
  accountPreferencesSchema,
  PROFILE_PICTURE_MAX_BYTES,
  personalInformationSchema,
  personalInformationUpdateSchema,
} from '@tessera/contracts';
import { principalOf, requireSignIn, type ServiceContext, type ServiceRoutes } from '@tessera/platform';
import { z } from 'zod';
import { ProfilePictureTooLargeError } from './profile.errors.ts';
import type { ProfileService } from './profile.service.ts';

export type ProfileRoutesOptions = {
  readonly context: ServiceContext;
  readonly profile: ProfileService;
};

/** How an image answer is documented. */
export const pictureAnswer = {
  description: 'The picture, a WebP image (Cache-Control: no-store, as every authenticated answer)',
  content: { 'image/webp': { schema: z.any().describe('WebP bytes') } },
};

/** The upload reads its body raw; everything else stays JSON. */
const pictureUpload: ServiceRoutes<ProfileRoutesOptions> = async (app, { profile }) => {
  // Any content type reaches the handler as bytes: their first bytes decide (PROFILE_PICTURE_TYPE_UNSUPPORTED).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: PROFILE_PICTURE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.put(
    '/me/picture',
    {
      // The body is an image: the text guard has nothing to read in it.
      config: { textGuard: false },
      bodyLimit: PROFILE_PICTURE_MAX_BYTES,
      schema: {
        summary: "Replaces the signed-in customer's profile picture",
        description:
          'Raw body, a JPEG, PNG or WebP image (checked by its first bytes and decoded), at most 5 MiB; stored as ' +
          'a 256 x 256 WebP without the metadata of the file sent. PROFILE_PICTURE_TOO_LARGE, ' +
          'PROFILE_PICTURE_TYPE_UNSUPPORTED, PROFILE_PICTURE_UNREADABLE.',
        response: { 200: personalInformationSchema },
      },
      // A declared length above the limit is refused before a byte is read.
      preParsing: async (request, _reply, payload) => {
        const length = Number(request.headers['content-length'] ?? '0');
        if (length > PROFILE_PICTURE_MAX_BYTES) {
          throw new ProfilePictureTooLargeError(undefined, { maxBytes: PROFILE_PICTURE_MAX_BYTES });
        }
        return payload;
      },
    },
    async (request) => {
      const body = request.body;
      const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      return profile.savePicture(principalOf(request).userId, bytes);
    },
  );
};

export const profileRoutes: ServiceRoutes<ProfileRoutesOptions> = async (app, options) => {
  const { context, profile } = options;
  requireSignIn(app, context.auth);
  app.get(
    '/me/personal-information',
    {
      schema: {
        querystring: accountNoQuerySchema,
        summary: "The signed-in customer's name, birth date, address and whether they have a picture",
        response: { 200: personalInformationSchema },
      },
    },
    async (request) => profile.getPersonalInformation(principalOf(request).userId),
  );
  app.put(
    '/me/personal-information',
    {
      schema: {
        summary: "Saves the signed-in customer's name, birth date and address (the whole set)",
        description:
          'The phone number is changed and verified on the identity service (UpdateUserAttributes).',
        body: personalInformationUpdateSchema,
        response: { 200: personalInformationSchema },
      },
    },
    async (request) => profile.savePersonalInformation(principalOf(request).userId, request.body),
  );
  app.get(
    '/me/picture',
    {
      schema: {
        querystring: accountNoQuerySchema,
        summary: "The signed-in customer's own profile picture",
        description: 'PROFILE_PICTURE_NOT_FOUND when there is none.',
        response: { 200: pictureAnswer },
      },
    },
    async (request, reply) => {
      const picture = await profile.readPicture(principalOf(request).userId);
      return reply
        .header('content-type', picture.contentType)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(picture.body));
    },
  );
  app.delete(
    '/me/picture',
    {
      schema: {
        summary: "Removes the signed-in customer's profile picture (from the object store too)",
        response: { 200: personalInformationSchema },
      },
    },
    async (request) => profile.deletePicture(principalOf(request).userId),
  );
  app.get(
    '/me/preferences',
    {
      schema: {
        querystring: accountNoQuerySchema,
        summary: "The signed-in customer's language and theme (saved: false until they choose)",
        response: { 200: accountPreferencesResponseSchema },
      },
    },
    async (request) => profile.getPreferences(principalOf(request).userId),
  );
  app.put(
    '/me/preferences',
    {
      schema: {
        summary: "Saves the signed-in customer's language and theme, applied at sign-in on every device",
        body: accountPreferencesSchema,
        response: { 200: accountPreferencesResponseSchema },
      },
    },
    async (request) => profile.savePreferences(principalOf(request).userId, request.body),
  );
  await app.register(pictureUpload, options);
};
