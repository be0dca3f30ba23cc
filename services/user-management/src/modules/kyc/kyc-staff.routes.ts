/**
 * The reviewers' side under /api/user-management/staff/kyc (docs/api.md, "Identity verification, staff"). Every
 * route needs a signed-in kyc_reviewer or admin (KYC_REVIEWER_REQUIRED otherwise, before anything is read: a
 * support agent neither reads documents nor decides). Every read and action is written to the staff audit log
 * (auditStaffAccess, the identity service's append-only table) before the answer, with the case or ticket
 * reference of the x-staff-reason header, or `kyc:<case id>` on a case's routes (the case is the reference) and
 * `kyc:queue` on the queue. Without an audit log in the process nothing is answered.
 */
import {
  IDENTITY_CLIENT,
  kycCaseDetailSchema,
  kycCaseListQuerySchema,
  kycCaseListResponseSchema,
  kycDecisionRequestSchema,
  kycFileSlotSchema,
  kycNoQuerySchema,
  STAFF_REASON_HEADER,
  staffCaseReferenceOf,
} from '@tessera/contracts';
import {
  auditStaffAccess,
  type Principal,
  principalOf,
  requireSignIn,
  type ServiceContext,
  type ServiceRoutes,
  type StaffAuditEntry,
  StaffReasonRequiredError,
} from '@tessera/platform';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { KycReviewerRequiredError } from './kyc.errors.ts';
import type { KycService, Reviewer } from './kyc.service.ts';

export type KycStaffRoutesOptions = {
  readonly context: ServiceContext;
  readonly kyc: KycService;
};

/** The groups that review identity documents. */
export const KYC_REVIEWER_GROUPS = ['kyc_reviewer', 'admin'] as const;

const caseParamsSchema = z.object({ id: z.string().max(64) }).strict();
const fileParamsSchema = z.object({ id: z.string().max(64), slot: kycFileSlotSchema }).strict();

const imageAnswer = {
  description: 'The image bytes (Cache-Control: no-store, as every authenticated answer)',
  content: {
    'image/jpeg': { schema: z.any().describe('JPEG bytes') },
    'image/png': { schema: z.any().describe('PNG bytes') },
    'image/webp': { schema: z.any().describe('WebP bytes') },
  },
};

function requireReviewer(principal: Principal): void {
  if (!principal.groups.some((group) => (KYC_REVIEWER_GROUPS as readonly string[]).includes(group))) {
    throw new KycReviewerRequiredError();
  }
}

/** The reference of the x-staff-reason header; `fallback` when absent; STAFF_REASON_REQUIRED when malformed. */
function referenceOf(request: FastifyRequest, fallback: string): string {
  if (request.headers[STAFF_REASON_HEADER] === undefined) {
    return fallback;
  }
  const reference = staffCaseReferenceOf(request.headers);
  if (reference === null) {
    throw new StaffReasonRequiredError();
  }
  return reference;
}

export const kycStaffRoutes: ServiceRoutes<KycStaffRoutesOptions> = async (app, { context, kyc }) => {
  requireSignIn(app, context.auth);
  // After requireSignIn's hook: the role is checked before the body is read.
  app.addHook('onRequest', async (request) => {
    requireReviewer(principalOf(request));
  });

  const audit = async (request: FastifyRequest, entry: StaffAuditEntry) => {
    const directory = context.clients?.find(IDENTITY_CLIENT);
    const record = directory?.recordStaffAccess?.bind(directory);
    if (!record) {
      // Fail closed: a staff read that cannot be recorded is not made.
      throw new Error('The staff audit log (identity service) is not available in this process.');
    }
    await auditStaffAccess({ record }, principalOf(request), entry);
  };

  const reviewerOf = async (request: FastifyRequest): Promise<Reviewer> => {
    const principal = principalOf(request);
    const contact = await context.clients?.find(IDENTITY_CLIENT)?.getContact(principal.userId);
    return { userId: principal.userId, label: contact?.email ?? principal.username };
  };

  app.get(
    '/staff/kyc/cases',
    {
      schema: {
        summary: 'The review queue: open cases (or those of a status), oldest submission first by default',
        querystring: kycCaseListQuerySchema,
        response: { 200: kycCaseListResponseSchema },
      },
    },
    async (request) => {
      await audit(request, {
        action: 'kyc.queue',
        reason: referenceOf(request, 'kyc:queue'),
        detail: { status: request.query.status ?? null, targetLevel: request.query.targetLevel ?? null },
      });
      return { items: await kyc.listCases(request.query) };
    },
  );

  app.get(
    '/staff/kyc/cases/:id',
    {
      schema: {
        summary:
          'A case: the application, the server check of the machine-readable zone, the risk, the decisions',
        params: caseParamsSchema,
        querystring: kycNoQuerySchema,
        response: { 200: kycCaseDetailSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const subjectId = await kyc.caseOwner(id);
      await audit(request, { action: 'kyc.view', subjectId, reason: referenceOf(request, `kyc:${id}`) });
      return kyc.getCase(id);
    },
  );

  app.get(
    '/staff/kyc/cases/:id/files/:slot',
    {
      schema: {
        summary: 'One image of a case (private, never cached)',
        params: fileParamsSchema,
        querystring: kycNoQuerySchema,
        response: { 200: imageAnswer },
      },
    },
    async (request, reply) => {
      const { id, slot } = request.params;
      const subjectId = await kyc.caseOwner(id);
      await audit(request, {
        action: 'kyc.document',
        subjectId,
        reason: referenceOf(request, `kyc:${id}`),
        detail: { slot },
      });
      const image = await kyc.readFile(id, slot);
      return reply
        .header('content-type', image.contentType)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(image.body));
    },
  );

  app.post(
    '/staff/kyc/cases/:id/claim',
    {
      schema: {
        summary: 'Takes a case for review (under_review, assigned to the caller)',
        params: caseParamsSchema,
        response: { 200: kycCaseDetailSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const subjectId = await kyc.caseOwner(id);
      await audit(request, { action: 'kyc.claim', subjectId, reason: referenceOf(request, `kyc:${id}`) });
      return kyc.claim(id, await reviewerOf(request));
    },
  );

  app.post(
    '/staff/kyc/cases/:id/decision',
    {
      schema: {
        summary: 'Approves, rejects or asks for more information (a reason is required but to approve)',
        description:
          'Level 2: one approval grants the level. Level 3: a second approval by another reviewer ' +
          '(KYC_SECOND_REVIEWER_REQUIRED). KYC_CASE_NOT_OPEN when the case is not submitted or under review.',
        params: caseParamsSchema,
        body: kycDecisionRequestSchema,
        response: { 200: kycCaseDetailSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const subjectId = await kyc.caseOwner(id);
      await audit(request, {
        action: `kyc.${request.body.decision}`,
        subjectId,
        reason: referenceOf(request, `kyc:${id}`),
      });
      return kyc.decide(id, await reviewerOf(request), request.body);
    },
  );
};
