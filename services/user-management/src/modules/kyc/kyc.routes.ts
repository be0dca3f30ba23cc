/**
 * The customer's verification under /api/user-management/kyc (docs/api.md, "Identity verification"). The
 * application is always the caller's own: its owner comes from the token, never from the request, so no route can
 * name another customer's application or files.
 */
import {
  KYC_DOCUMENT_MAX_BYTES,
  kycApplicationResponseSchema,
  kycApplicationUpdateSchema,
  kycFileMetaSchema,
  kycFileSlotSchema,
  kycNoQuerySchema,
} from '@tessera/contracts';
import { principalOf, requireSignIn, type ServiceContext, type ServiceRoutes } from '@tessera/platform';
import { z } from 'zod';
import { KycDocumentTooLargeError } from './kyc.errors.ts';
import type { KycService } from './kyc.service.ts';

export type KycRoutesOptions = {
  readonly context: ServiceContext;
  readonly kyc: KycService;
};

const slotParamsSchema = z.object({ slot: kycFileSlotSchema }).strict();

/** The image routes read their body raw; everything else stays JSON. */
const uploadRoutes: ServiceRoutes<KycRoutesOptions> = async (app, { kyc }) => {
  // Any content type reaches the handler as bytes, which are checked there (their first bytes decide, and a type
  // other than JPEG, PNG or WebP is KYC_DOCUMENT_TYPE_UNSUPPORTED, not the router's generic 415).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: KYC_DOCUMENT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.put(
    '/kyc/application/files/:slot',
    {
      // The body is an image: the text guard has nothing to read in it (and would walk every byte).
      config: { textGuard: false },
      bodyLimit: KYC_DOCUMENT_MAX_BYTES,
      schema: {
        summary: "Uploads one image of the signed-in customer's application (front, back or selfie)",
        description:
          'Raw body image/jpeg, image/png or image/webp (checked by its first bytes), at most 8 MiB. Replaces the ' +
          'image of that slot. KYC_DOCUMENT_TOO_LARGE, KYC_DOCUMENT_TYPE_UNSUPPORTED, KYC_APPLICATION_LOCKED.',
        params: slotParamsSchema,
        response: { 200: kycFileMetaSchema },
      },
      // A declared length above the limit is refused before a byte is read, with the KYC code.
      preParsing: async (request, _reply, payload) => {
        const length = Number(request.headers['content-length'] ?? '0');
        if (length > KYC_DOCUMENT_MAX_BYTES) {
          throw new KycDocumentTooLargeError(undefined, { maxBytes: KYC_DOCUMENT_MAX_BYTES });
        }
        return payload;
      },
    },
    async (request) => {
      const body = request.body;
      const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      return kyc.uploadFile(
        principalOf(request).userId,
        request.params.slot,
        request.headers['content-type'],
        bytes,
      );
    },
  );
};

export const kycRoutes: ServiceRoutes<KycRoutesOptions> = async (app, options) => {
  const { context, kyc } = options;
  requireSignIn(app, context.auth);
  app.get(
    '/kyc/application',
    {
      schema: {
        summary:
          "The signed-in customer's identity verification: status, declared parts, images, what is missing",
        querystring: kycNoQuerySchema,
        response: { 200: kycApplicationResponseSchema },
      },
    },
    async (request) => kyc.getApplication(principalOf(request).userId),
  );
  app.put(
    '/kyc/application',
    {
      schema: {
        summary:
          "Saves parts of the signed-in customer's application (each part given replaces the stored one)",
        description:
          'Allowed while not started, in progress, after a request for more information, or after a rejection ' +
          '(a new attempt). KYC_APPLICATION_LOCKED, KYC_TARGET_LEVEL_INVALID, KYC_UNDERAGE, KYC_DOCUMENT_EXPIRED.',
        body: kycApplicationUpdateSchema,
        response: { 200: kycApplicationResponseSchema },
      },
    },
    async (request) => kyc.updateApplication(principalOf(request).userId, request.body),
  );
  app.post(
    '/kyc/application/submit',
    {
      schema: {
        summary: "Submits the signed-in customer's application for review",
        description:
          'KYC_APPLICATION_INCOMPLETE (details.missing), KYC_MRZ_INVALID, KYC_MRZ_MISMATCH (details.fields), ' +
          'KYC_UNDERAGE, KYC_DOCUMENT_EXPIRED, KYC_APPLICATION_LOCKED.',
        response: { 200: kycApplicationResponseSchema },
      },
    },
    async (request) => kyc.submit(principalOf(request).userId),
  );
  await app.register(uploadRoutes, options);
};
