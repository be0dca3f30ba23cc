/**
 * HTTP under /api/user-management (docs/api.md, "Legal documents"): the signed-in customer's acceptances of the
 * legal documents. The customer is always the token's: no route takes a customer id.
 */
import {
  acceptLegalDocumentSchema,
  accountNoQuerySchema,
  legalDocumentsResponseSchema,
} from '@tessera/contracts';
import { principalOf, requireSignIn, type ServiceContext, type ServiceRoutes } from '@tessera/platform';
import type { LegalService } from './legal.service.ts';

export type LegalRoutesOptions = {
  readonly context: ServiceContext;
  readonly legal: LegalService;
};

export const legalRoutes: ServiceRoutes<LegalRoutesOptions> = async (app, { context, legal }) => {
  requireSignIn(app, context.auth);
  app.get(
    '/me/legal',
    {
      schema: {
        querystring: accountNoQuerySchema,
        summary: 'The legal documents in their current version and what the signed-in customer accepted',
        response: { 200: legalDocumentsResponseSchema },
      },
    },
    async (request) => legal.documents(principalOf(request).userId),
  );
  app.post(
    '/me/legal',
    {
      schema: {
        body: acceptLegalDocumentSchema,
        summary: 'Accepts the current version of a legal document (LEGAL_VERSION_NOT_CURRENT otherwise)',
        response: { 200: legalDocumentsResponseSchema },
      },
    },
    async (request) =>
      legal.accept(principalOf(request).userId, request.body.documentId, request.body.version),
  );
};
