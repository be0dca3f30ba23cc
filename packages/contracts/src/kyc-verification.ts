/**
 * Identity verification (KYC) between the customer, the reviewer and user management (issue #16, PRODUCT.md
 * "Identity verification", docs/adr/0016). The customer builds one application at a time towards level 2
 * (verified: personal details, address, a document front and back, a selfie, due diligence) or level 3 (the same
 * and the source of funds), submits it, and a reviewer decides; level 3 needs two different reviewers to approve.
 * Documents live in the object store and are never behind a public URL: only a reviewer reads them, audited.
 *
 * Customer routes: base /api/user-management (signed-in customer).
 * - GET  /kyc/application               -> {@link KycApplicationResponse}
 * - PUT  /kyc/application               body {@link kycApplicationUpdateSchema} -> the application
 * - PUT  /kyc/application/files/:slot   raw body image/jpeg | image/png | image/webp (<= KYC_DOCUMENT_MAX_BYTES)
 *                                        -> {@link KycFileMeta}
 * - POST /kyc/application/submit        -> the application, `submitted`
 * Staff routes: base /api/user-management/staff/kyc (staff token; kyc_reviewer or admin; every read audited).
 * - GET  /cases                          query {@link kycCaseListQuerySchema} -> {@link KycCaseListResponse}
 * - GET  /cases/:id                      -> {@link KycCaseDetail}
 * - GET  /cases/:id/files/:slot          -> the image bytes (Cache-Control: no-store)
 * - POST /cases/:id/claim                -> {@link KycCaseDetail} (under_review, assigned to the caller)
 * - POST /cases/:id/decision             body {@link kycDecisionRequestSchema} -> {@link KycCaseDetail}
 * Live: the user-management websocket (/api/user-management/ws) sends {@link KycServerMessage} `kyc.updated` on every
 * status change; the customer also gets an e-mail.
 */
import { z } from 'zod';
import { KYC_STATUSES, type KycLevel, type KycStatus, kycLevelSchema } from './kyc.ts';
import { textSchema } from './text.ts';

// ---------------------------------------------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------------------------------------------

/** The levels an application can aim at (levels 0 and 1 come from sign-up and e-mail and phone verification). */
export const KYC_TARGET_LEVELS = [2, 3] as const;
export type KycTargetLevel = (typeof KYC_TARGET_LEVELS)[number];
export const kycTargetLevelSchema = z.union([z.literal(2), z.literal(3)]);

/** The identity documents accepted. Passports and ID cards carry a machine-readable zone (ICAO 9303). */
export const KYC_DOCUMENT_TYPES = ['passport', 'id_card', 'driving_licence', 'residence_permit'] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];

/** The document types whose machine-readable zone is required and checked again on the server. */
export const KYC_MRZ_DOCUMENT_TYPES: readonly KycDocumentType[] = ['passport', 'id_card'];

/** The document types with a single photographed page (no back). */
export const KYC_SINGLE_SIDED_DOCUMENT_TYPES: readonly KycDocumentType[] = ['passport'];

/** The images an application holds. */
export const KYC_FILE_SLOTS = ['front', 'back', 'selfie'] as const;
export type KycFileSlot = (typeof KYC_FILE_SLOTS)[number];
export const kycFileSlotSchema = z.enum(KYC_FILE_SLOTS);

/** The image types accepted (checked against the file's first bytes, not only the Content-Type header). */
export const KYC_FILE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type KycFileContentType = (typeof KYC_FILE_CONTENT_TYPES)[number];

/** The largest image accepted: 8 MiB (KYC_DOCUMENT_TOO_LARGE above it). */
export const KYC_DOCUMENT_MAX_BYTES = 8 * 1024 * 1024;

/** Why the customer opens the account. */
export const KYC_PURPOSES = [
  'everyday_payments',
  'savings',
  'investing',
  'trading',
  'international_transfers',
] as const;
export type KycPurpose = (typeof KYC_PURPOSES)[number];

/** How much money the customer expects to move in a year, in EUR. */
export const KYC_YEARLY_VOLUME_BANDS = [
  'under_10000',
  '10000_to_50000',
  '50000_to_250000',
  '250000_to_1000000',
  'over_1000000',
] as const;
export type KycYearlyVolumeBand = (typeof KYC_YEARLY_VOLUME_BANDS)[number];

/** Where the customer's income comes from. */
export const KYC_INCOME_SOURCES = [
  'salary',
  'self_employed',
  'pension',
  'investments',
  'benefits',
  'student',
  'other',
] as const;
export type KycIncomeSource = (typeof KYC_INCOME_SOURCES)[number];

/** Where the money a level-3 customer brings comes from. */
export const KYC_FUNDS_ORIGINS = [
  'savings_from_income',
  'sale_of_property',
  'inheritance_or_gift',
  'investments',
  'business_income',
  'other',
] as const;
export type KycFundsOrigin = (typeof KYC_FUNDS_ORIGINS)[number];

/** A reviewer's decisions. */
export const KYC_DECISIONS = ['approve', 'reject', 'request_info'] as const;
export type KycDecision = (typeof KYC_DECISIONS)[number];

/** Risk bands (Ballerine's scheme): score <= 39 low, <= 69 medium, <= 84 high, >= 85 critical. */
export const KYC_RISK_BANDS = ['low', 'medium', 'high', 'critical'] as const;
export type KycRiskBand = (typeof KYC_RISK_BANDS)[number];

/** The band of a risk score (0..100). */
export function kycRiskBandOf(score: number): KycRiskBand {
  if (score <= 39) {
    return 'low';
  }
  if (score <= 69) {
    return 'medium';
  }
  if (score <= 84) {
    return 'high';
  }
  return 'critical';
}

/**
 * The parts of an application, as KYC_APPLICATION_INCOMPLETE's `details.missing` and the application's `missing`
 * name them. `document.mrz` is required for passports and ID cards; `file.back` for every type but passports;
 * `dueDiligence.sourceOfFunds` for level 3.
 */
export const KYC_APPLICATION_PARTS = [
  'personal',
  'address',
  'document',
  'document.mrz',
  'file.front',
  'file.back',
  'file.selfie',
  'dueDiligence',
  'dueDiligence.sourceOfFunds',
] as const;
export type KycApplicationPart = (typeof KYC_APPLICATION_PARTS)[number];

/** The statuses in which the customer may change the application (a rejected one starts a new attempt). */
export const KYC_EDITABLE_STATUSES = [
  'not_started',
  'in_progress',
  'more_info_requested',
  'rejected',
] as const;

/** The statuses a reviewer works on. */
export const KYC_OPEN_CASE_STATUSES = ['submitted', 'under_review'] as const;

// ---------------------------------------------------------------------------------------------------------------
// Customer input (PUT /kyc/application): each part, when present, is complete and fully validated
// ---------------------------------------------------------------------------------------------------------------

const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date YYYY-MM-DD' })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    },
    { error: 'must be a real calendar date' },
  );

/** ISO 3166-1 alpha-3 as a machine-readable zone writes it (`FRA`, `NLD`; Germany is `D<<`). */
export const kycAlpha3Schema = z
  .string()
  .regex(/^(?:[A-Z]{3}|[A-Z]{2}<|[A-Z]<<)$/, { error: 'must be a 3-letter country code' });
/** ISO 3166-1 alpha-2 (`FR`, `NL`). */
export const kycAlpha2Schema = z.string().regex(/^[A-Z]{2}$/, { error: 'must be a 2-letter country code' });

export const kycPersonalSchema = z
  .object({
    firstName: textSchema({ max: 100, min: 1 }),
    lastName: textSchema({ max: 100, min: 1 }),
    /** YYYY-MM-DD; the customer must be at least 18 (checked on submit and on update). */
    birthDate: isoDateSchema,
    /** Nationality, alpha-3 as in the machine-readable zone. */
    nationality: kycAlpha3Schema,
  })
  .strict();
export type KycPersonal = z.infer<typeof kycPersonalSchema>;

export const kycAddressSchema = z
  .object({
    line1: textSchema({ max: 200, min: 1 }),
    line2: textSchema({ max: 200 }).optional(),
    postalCode: textSchema({ max: 20, min: 1 }),
    city: textSchema({ max: 100, min: 1 }),
    /** Country of residence, alpha-2. */
    country: kycAlpha2Schema,
  })
  .strict();
export type KycAddress = z.infer<typeof kycAddressSchema>;

/** One line of a machine-readable zone: 30 (TD1), 36 (TD2) or 44 (TD3, passports) characters of A-Z, 0-9, `<`. */
export const kycMrzLineSchema = z.string().regex(/^[A-Z0-9<]{30}$|^[A-Z0-9<]{36}$|^[A-Z0-9<]{44}$/, {
  error: 'must be a machine-readable zone line (30, 36 or 44 characters A-Z, 0-9 and <)',
});

export const kycDocumentInputSchema = z
  .object({
    type: z.enum(KYC_DOCUMENT_TYPES),
    /** The issuing state, alpha-3 as in the machine-readable zone. */
    issuingCountry: kycAlpha3Schema,
    number: textSchema({ max: 40, min: 1 }).optional(),
    expiryDate: isoDateSchema.optional(),
    /**
     * The machine-readable zone as read in the browser (2 or 3 lines): required on submit for passports and ID
     * cards, parsed and its check digits verified again on the server.
     */
    mrzLines: z.array(kycMrzLineSchema).min(2).max(3).optional(),
  })
  .strict();
export type KycDocumentInput = z.infer<typeof kycDocumentInputSchema>;

export const kycSourceOfFundsSchema = z
  .object({
    origin: z.enum(KYC_FUNDS_ORIGINS),
    /** In the customer's words: where the money comes from, amounts and dates. */
    description: textSchema({ max: 1000, min: 1, multiline: true }),
  })
  .strict();
export type KycSourceOfFunds = z.infer<typeof kycSourceOfFundsSchema>;

export const kycDueDiligenceSchema = z
  .object({
    purpose: z.enum(KYC_PURPOSES),
    yearlyVolumeBand: z.enum(KYC_YEARLY_VOLUME_BANDS),
    sourceOfIncome: z.enum(KYC_INCOME_SOURCES),
    /** A politically exposed person (or close family or associate of one). */
    politicallyExposed: z.boolean(),
    /** Required for level 3. */
    sourceOfFunds: kycSourceOfFundsSchema.optional(),
  })
  .strict();
export type KycDueDiligence = z.infer<typeof kycDueDiligenceSchema>;

/** PUT /kyc/application: any subset of the parts (at least one); each part given replaces the stored one whole. */
export const kycApplicationUpdateSchema = z
  .object({
    targetLevel: kycTargetLevelSchema.optional(),
    personal: kycPersonalSchema.optional(),
    address: kycAddressSchema.optional(),
    document: kycDocumentInputSchema.optional(),
    dueDiligence: kycDueDiligenceSchema.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'must give at least one part' });
export type KycApplicationUpdate = z.infer<typeof kycApplicationUpdateSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------------

/** The fields read from a machine-readable zone (null when absent or invalid). Dates are YYYY-MM-DD. */
export const kycMrzFieldsSchema = z.object({
  documentNumber: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  birthDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  nationality: z.string().nullable(),
  issuingState: z.string().nullable(),
  sex: z.string().nullable(),
});

/** The declared fields a machine-readable zone can contradict. */
export const KYC_MRZ_COMPARED_FIELDS = [
  'firstName',
  'lastName',
  'birthDate',
  'nationality',
  'issuingCountry',
  'documentNumber',
  'expiryDate',
] as const;
export type KycMrzComparedField = (typeof KYC_MRZ_COMPARED_FIELDS)[number];

/** A machine-readable zone as the server parsed it, and how it compares with what the customer declared. */
export const kycMrzCheckSchema = z.object({
  lines: z.array(z.string()),
  /** TD1, TD2, TD3... as the `mrz` library names them; null when the lines are no known format. */
  format: z.string().nullable(),
  /** Every check digit and field valid. */
  valid: z.boolean(),
  fields: kycMrzFieldsSchema,
  /** The fields whose value or check digit is invalid. */
  invalidFields: z.array(z.string()),
  /** Declared values that differ from the zone's (names compared without accents, case and punctuation). */
  mismatches: z.array(z.enum(KYC_MRZ_COMPARED_FIELDS)),
});
export type KycMrzCheck = z.infer<typeof kycMrzCheckSchema>;

export const kycFileMetaSchema = z.object({
  slot: kycFileSlotSchema,
  contentType: z.enum(KYC_FILE_CONTENT_TYPES),
  /** Bytes. */
  size: z.number().int().nonnegative(),
  uploadedAt: z.string(),
});
export type KycFileMeta = z.infer<typeof kycFileMetaSchema>;

export const kycDocumentSchema = z.object({
  type: z.enum(KYC_DOCUMENT_TYPES),
  issuingCountry: z.string(),
  number: z.string().optional(),
  expiryDate: z.string().optional(),
  /** The server's reading of the zone the customer sent; absent when none was sent. */
  mrz: kycMrzCheckSchema.optional(),
});
export type KycDocument = z.infer<typeof kycDocumentSchema>;

/** GET /kyc/application (and what PUT and submit answer). */
export const kycApplicationResponseSchema = z.object({
  /** Null while the customer has not started. */
  id: z.string().nullable(),
  targetLevel: kycTargetLevelSchema,
  status: z.enum(KYC_STATUSES),
  /** The customer's current KYC level. */
  level: kycLevelSchema,
  personal: kycPersonalSchema.nullable(),
  address: kycAddressSchema.nullable(),
  document: kycDocumentSchema.nullable(),
  files: z.array(kycFileMetaSchema),
  dueDiligence: kycDueDiligenceSchema.nullable(),
  /** What is still needed before submit (empty when complete). */
  missing: z.array(z.enum(KYC_APPLICATION_PARTS)),
  /** The reviewer's reason, when the application was rejected or more information requested. */
  decisionReason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type KycApplicationResponse = z.infer<typeof kycApplicationResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Staff (kyc_reviewer, admin; support_agent reads nothing here and decides nothing)
// ---------------------------------------------------------------------------------------------------------------

/**
 * The header carrying the case or ticket reference a staff read is recorded with (auditStaffAccess). On a case's
 * routes it defaults to `kyc:<case id>` (the case is itself the reference); on the queue it is `kyc:queue`.
 */
export const KYC_STAFF_REASON_HEADER = 'x-staff-reason';

/** The query of a route that takes none (an unknown parameter is VALIDATION_FAILED, not ignored). */
export const kycNoQuerySchema = z.object({}).strict();

/** GET /staff/kyc/cases. */
export const kycCaseListQuerySchema = z
  .object({
    status: z.enum(KYC_STATUSES).optional(),
    targetLevel: z.enum(['2', '3']).optional(),
    /** Part of the customer's name or e-mail. */
    q: textSchema({ max: 100 }).optional(),
    sort: z.enum(['oldest', 'newest']).default('oldest'),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export type KycCaseListQuery = z.infer<typeof kycCaseListQuerySchema>;

export const kycCaseSummarySchema = z.object({
  id: z.string(),
  userId: z.string(),
  customerName: z.string(),
  email: z.string().nullable(),
  targetLevel: kycTargetLevelSchema,
  status: z.enum(KYC_STATUSES),
  submittedAt: z.string().nullable(),
  /** Seconds since submission (0 when not submitted). */
  ageSeconds: z.number().int().nonnegative(),
  riskScore: z.number().int().min(0).max(100),
  riskBand: z.enum(KYC_RISK_BANDS),
  /** The reviewer who claimed it. */
  assignedTo: z.string().nullable(),
  /** Approvals recorded in this attempt (level 3 needs two, by different reviewers). */
  approvals: z.number().int().nonnegative(),
});
export type KycCaseSummary = z.infer<typeof kycCaseSummarySchema>;

export const kycCaseListResponseSchema = z.object({ items: z.array(kycCaseSummarySchema) });
export type KycCaseListResponse = z.infer<typeof kycCaseListResponseSchema>;

/** One rule of the risk score (docs/adr/0016-kyc.md lists them). */
export const kycRiskRuleSchema = z.object({
  id: z.string(),
  /** `base` rules: the highest counts; `additional` rules: added. */
  kind: z.enum(['base', 'additional']),
  score: z.number().int(),
  reason: z.string(),
});
export const kycRiskSchema = z.object({
  /** 0..100: the highest base score plus the sum of additional scores, capped at 100. */
  score: z.number().int().min(0).max(100),
  band: z.enum(KYC_RISK_BANDS),
  rules: z.array(kycRiskRuleSchema),
});
export type KycRisk = z.infer<typeof kycRiskSchema>;

export const kycDecisionRecordSchema = z.object({
  reviewerId: z.string(),
  /** The reviewer's e-mail or name when known, else their id. */
  reviewer: z.string(),
  decision: z.enum(KYC_DECISIONS),
  reason: z.string().nullable(),
  at: z.string(),
});
export type KycDecisionRecord = z.infer<typeof kycDecisionRecordSchema>;

/** GET /staff/kyc/cases/:id. */
export const kycCaseDetailSchema = z.object({
  id: z.string(),
  userId: z.string(),
  customerName: z.string(),
  email: z.string().nullable(),
  application: kycApplicationResponseSchema,
  /** The server's check of the machine-readable zone (null when the document has none). */
  mrzCheck: kycMrzCheckSchema.nullable(),
  risk: kycRiskSchema,
  assignedTo: z.string().nullable(),
  /** Approvals this attempt still needs (level 2: 1; level 3: 2, from different reviewers). */
  approvalsNeeded: z.number().int().nonnegative(),
  /** Every decision on this customer's applications, oldest first. */
  decisions: z.array(kycDecisionRecordSchema),
});
export type KycCaseDetail = z.infer<typeof kycCaseDetailSchema>;

/** POST /staff/kyc/cases/:id/decision. `reason` is required (1..500) for reject and request_info. */
export const kycDecisionRequestSchema = z
  .object({
    decision: z.enum(KYC_DECISIONS),
    reason: textSchema({ max: 500, multiline: true }).optional(),
  })
  .strict()
  .refine((body) => body.decision === 'approve' || (body.reason !== undefined && body.reason.length > 0), {
    error: 'a reason is required to reject or request more information',
    path: ['reason'],
  });
export type KycDecisionRequest = z.infer<typeof kycDecisionRequestSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Live updates: the websocket at /api/user-management/ws (the platform's customer socket)
// ---------------------------------------------------------------------------------------------------------------

/** How long a new socket may wait before its `auth`. */
export const USER_MANAGEMENT_WS_AUTH_TIMEOUT_MS = 10_000;
/** The close code of a refused or expired socket (as cash operations and trading). */
export const USER_MANAGEMENT_WS_CLOSE_UNAUTHENTICATED = 4401;

/** Client → server: `auth` first, then `ping`. */
export const userManagementClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), accessToken: z.string().min(1).max(8192) }),
  z.object({ type: z.literal('ping') }),
]);
export type UserManagementClientMessage = z.infer<typeof userManagementClientMessageSchema>;

/** Server → client. `kyc.updated`: the application's status (or the level) changed; refetch /me and the limits. */
export type KycServerMessage =
  | { readonly type: 'ready'; readonly userId: string }
  | {
      readonly type: 'kyc.updated';
      readonly status: KycStatus;
      readonly level: KycLevel;
    }
  | { readonly type: 'pong' }
  | { readonly type: 'error'; readonly code: string };

// ---------------------------------------------------------------------------------------------------------------
// Error codes (docs/api.md, "User management")
// ---------------------------------------------------------------------------------------------------------------

/** Every code the KYC routes answer with besides the platform's (VALIDATION_FAILED, UNAUTHENTICATED...). */
export const KYC_ERROR_CODES = [
  /** The image is larger than KYC_DOCUMENT_MAX_BYTES (413). */
  'KYC_DOCUMENT_TOO_LARGE',
  /** The image is not a JPEG, PNG or WebP by its first bytes, or its Content-Type is another (415). */
  'KYC_DOCUMENT_TYPE_UNSUPPORTED',
  /** Submit without every part; `details.missing` lists KYC_APPLICATION_PARTS (422). */
  'KYC_APPLICATION_INCOMPLETE',
  /** The application cannot change in its current status (submitted, under review, approved) (409). */
  'KYC_APPLICATION_LOCKED',
  /** The machine-readable zone is unreadable or a check digit is wrong (422). */
  'KYC_MRZ_INVALID',
  /** The machine-readable zone contradicts the declared data; `details.fields` lists which (422). */
  'KYC_MRZ_MISMATCH',
  /** The customer is under 18 (422). */
  'KYC_UNDERAGE',
  /** The document's expiry date has passed (422). */
  'KYC_DOCUMENT_EXPIRED',
  /** A level-3 application while the customer is not yet level 2, or a target at or below the current level (409). */
  'KYC_TARGET_LEVEL_INVALID',
  /** No such case (404). */
  'KYC_CASE_NOT_FOUND',
  /** The case has no file in that slot (404). */
  'KYC_FILE_NOT_FOUND',
  /** The case is not open for this action (not submitted / under review) (409). */
  'KYC_CASE_NOT_OPEN',
  /** Level 3: the second approval must come from another reviewer (409). */
  'KYC_SECOND_REVIEWER_REQUIRED',
  /** Only a kyc_reviewer or an admin may do this (403). */
  'KYC_REVIEWER_REQUIRED',
] as const;
export type KycErrorCode = (typeof KYC_ERROR_CODES)[number];
