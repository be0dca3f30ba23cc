/** The shapes the KYC module keeps between its repository, service and routes. */
import type {
  KycAddress,
  KycDocument,
  KycDocumentInput,
  KycDueDiligence,
  KycFileContentType,
  KycFileSlot,
  KycPersonal,
  KycStatus,
  KycTargetLevel,
} from '@tessera/contracts';

/** An application row as read (the statuses stored: never `not_started`, which is the absence of a row). */
export interface StoredApplication {
  readonly id: string;
  readonly userId: string;
  readonly targetLevel: KycTargetLevel;
  readonly status: Exclude<KycStatus, 'not_started'>;
  readonly personal: KycPersonal | null;
  readonly address: KycAddress | null;
  /** As the customer sent it, the machine-readable zone's lines included. */
  readonly document: KycDocumentInput | null;
  readonly dueDiligence: KycDueDiligence | null;
  readonly decisionReason: string | null;
  readonly assignedTo: string | null;
  readonly submittedAt: Date | null;
  readonly decidedAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A file row as read. */
export interface StoredFile {
  readonly applicationId: string;
  readonly slot: KycFileSlot;
  readonly objectKey: string;
  readonly contentType: KycFileContentType;
  readonly sizeBytes: number;
  readonly uploadedAt: Date;
  readonly purgedAt: Date | null;
}

/** What the risk score reads: the declared parts, with the document as the server checked it. */
export interface ScoredParts {
  readonly personal: KycPersonal | null;
  readonly address: KycAddress | null;
  readonly document: KycDocument | null;
  readonly dueDiligence: KycDueDiligence | null;
}
