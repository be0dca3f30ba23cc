/**
 * Settings section legalDocuments (issue #20): the legal documents a customer accepts, their current versions, and
 * what GET/POST /api/user-management/me/legal answer. A customer who accepted an earlier version of a document and
 * not the current one is refused every money movement (cash operations, new orders) with LEGAL_ACCEPTANCE_REQUIRED
 * until they accept it (docs/api.md, "Legal documents").
 */
import { z } from 'zod';

export const LEGAL_DOCUMENT_IDS = ['terms', 'privacy'] as const;
export type LegalDocumentId = (typeof LEGAL_DOCUMENT_IDS)[number];
export const legalDocumentIdSchema = z.enum(LEGAL_DOCUMENT_IDS);

/** A legal document in its current version: the public page shows its text. */
export interface LegalDocument {
  readonly id: LegalDocumentId;
  /** The version, the date it was published (YYYY-MM-DD). */
  readonly version: string;
  /** The date from which it applies (YYYY-MM-DD). */
  readonly effectiveDate: string;
  /** The public page of the web app. */
  readonly link: string;
}

/**
 * The current versions: the dates the public legal pages give as "Last updated" (legal-page.tsx). The privacy notice
 * of 2026-11-27 adds session recordings, identity verification, the profile and settings, and closing online.
 */
export const LEGAL_DOCUMENTS: readonly LegalDocument[] = [
  { id: 'terms', version: '2026-11-26', effectiveDate: '2026-11-26', link: '/legal/terms' },
  { id: 'privacy', version: '2026-11-27', effectiveDate: '2026-11-27', link: '/legal/privacy' },
];

/** GET /api/user-management/me/legal: each document and what the customer accepted of it. */
export const legalDocumentStatusSchema = z.object({
  id: legalDocumentIdSchema,
  version: z.string(),
  effectiveDate: z.string(),
  link: z.string(),
  /** The latest version the customer accepted, or null. */
  acceptedVersion: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  /** The current version waits for the customer's acceptance. */
  acceptanceRequired: z.boolean(),
});
export type LegalDocumentStatus = z.infer<typeof legalDocumentStatusSchema>;
export const legalDocumentsResponseSchema = z.object({ items: z.array(legalDocumentStatusSchema) });
export type LegalDocumentsResponse = z.infer<typeof legalDocumentsResponseSchema>;

/** POST /api/user-management/me/legal: accepts the given current version of a document. */
export const acceptLegalDocumentSchema = z
  .object({ documentId: legalDocumentIdSchema, version: z.string().min(1).max(40) })
  .strict();
export type AcceptLegalDocument = z.infer<typeof acceptLegalDocumentSchema>;

/** The error every money movement answers while a current version is not accepted (403). */
export const LEGAL_ACCEPTANCE_REQUIRED = 'LEGAL_ACCEPTANCE_REQUIRED' as const;
