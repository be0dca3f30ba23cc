/**
 * Legal documents (issue #20, settings section legalDocuments): each customer's acceptances of the documents of
 * LEGAL_DOCUMENTS (@tessera/contracts), and which current versions they still have to accept. Signing up accepts the
 * current versions (the public terms apply to every account): a customer with no acceptance at all is recorded as
 * having accepted the current versions ('sign-up') the first time they are looked at. A customer who accepted an
 * earlier version of a document has to accept its new version before the next money movement.
 */
import {
  LEGAL_DOCUMENTS,
  type LegalDocumentId,
  type LegalDocumentStatus,
  type LegalDocumentsResponse,
} from '@tessera/contracts';
import type { AnyKysely } from '@tessera/platform';
import { LegalVersionNotCurrentError } from './legal.errors.ts';

type Source = 'customer' | 'sign-up' | 'seed';

export interface LegalService {
  /** Each document in its current version and the latest version the customer accepted. */
  documents(userId: string): Promise<LegalDocumentsResponse>;
  /** Records the acceptance of the current `version` of `documentId`; LEGAL_VERSION_NOT_CURRENT otherwise. */
  accept(userId: string, documentId: LegalDocumentId, version: string): Promise<LegalDocumentsResponse>;
  /** The ids of the documents whose current version waits for the customer's acceptance. */
  toAccept(userId: string): Promise<readonly string[]>;
  /** Records the current versions as accepted (`source`), for the demo customers. */
  acceptCurrent(userId: string, source: Source): Promise<void>;
}

interface Row {
  document_id: string;
  version: string;
  accepted_at: Date | string;
}

export function createLegalService(db: AnyKysely): LegalService {
  // One statement for every document: a concurrent first look (two orders placed at once) sees all of them or
  // none, never a part that would read as "a new version to accept".
  const insertCurrent = async (userId: string, source: Source) => {
    await db
      .insertInto('legal_acceptances')
      .values(
        LEGAL_DOCUMENTS.map((document) => ({
          user_id: userId,
          document_id: document.id,
          version: document.version,
          source,
        })),
      )
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  };
  const rowsOf = async (userId: string): Promise<Row[]> => {
    const read = async () =>
      (await db
        .selectFrom('legal_acceptances')
        .select(['document_id', 'version', 'accepted_at'])
        .where('user_id', '=', userId)
        .orderBy('accepted_at', 'desc')
        .orderBy('version', 'desc')
        .execute()) as Row[];
    const rows = await read();
    if (rows.length > 0) {
      return rows;
    }
    await insertCurrent(userId, 'sign-up');
    return read();
  };
  const statusOf = (rows: Row[]): LegalDocumentStatus[] =>
    LEGAL_DOCUMENTS.map((document) => {
      const mine = rows.filter((row) => row.document_id === document.id);
      const current = mine.find((row) => row.version === document.version);
      const latest = current ?? mine[0];
      return {
        id: document.id,
        version: document.version,
        effectiveDate: document.effectiveDate,
        link: document.link,
        acceptedVersion: latest?.version ?? null,
        acceptedAt: latest ? new Date(latest.accepted_at).toISOString() : null,
        acceptanceRequired: current === undefined,
      };
    });
  return {
    async documents(userId) {
      return { items: statusOf(await rowsOf(userId)) };
    },
    async accept(userId, documentId, version) {
      const document = LEGAL_DOCUMENTS.find((candidate) => candidate.id === documentId);
      if (!document || document.version !== version) {
        throw new LegalVersionNotCurrentError(undefined, {
          documentId,
          currentVersion: document?.version ?? null,
        });
      }
      await rowsOf(userId);
      await db
        .insertInto('legal_acceptances')
        .values({ user_id: userId, document_id: document.id, version: document.version, source: 'customer' })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
      return { items: statusOf(await rowsOf(userId)) };
    },
    async toAccept(userId) {
      return statusOf(await rowsOf(userId))
        .filter((status) => status.acceptanceRequired)
        .map((status) => status.id);
    },
    async acceptCurrent(userId, source) {
      await insertCurrent(userId, source);
    },
  };
}
