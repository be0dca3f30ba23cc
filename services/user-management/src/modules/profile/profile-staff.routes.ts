/**
 * A customer's profile picture for staff (docs/security.md, "Profile pictures"): support agents and admins only
 * (FORBIDDEN before anything is read), with the case or ticket reference of the x-staff-reason header
 * (STAFF_REASON_REQUIRED), written to the staff audit log before the answer, as the console's customer pages do.
 */
import {
  accountNoQuerySchema,
  IDENTITY_CLIENT,
  staffCaseReferenceOf,
  staffReasonHeadersSchema,
} from '@tessera/contracts';
import {
  auditStaffAccess,
  documentOnly,
  principalOf,
  requireGroup,
  requireSignIn,
  type ServiceRoutes,
} from '@tessera/platform';
import { z } from 'zod';
import { pictureAnswer, type ProfileRoutesOptions } from './profile.routes.ts';

/** The groups that look customers up (PRODUCT.md: support agents; admins see everything). */
export const PICTURE_STAFF_GROUPS = ['support_agent', 'admin'] as const;

const customerParams = z.object({ userId: z.uuid() }).strict();

export const profileStaffRoutes: ServiceRoutes<ProfileRoutesOptions> = async (app, { context, profile }) => {
  requireSignIn(app, context.auth);
  app.addHook('preValidation', async (request) => {
    requireGroup(principalOf(request), ...PICTURE_STAFF_GROUPS);
  });
  app.get(
    '/staff/customers/:userId/picture',
    {
      schema: {
        querystring: accountNoQuerySchema,
        summary: "A customer's profile picture (support agents and admins; audited)",
        description: 'Needs the x-staff-reason header (STAFF_REASON_REQUIRED). PROFILE_PICTURE_NOT_FOUND.',
        params: customerParams,
        headers: documentOnly(staffReasonHeadersSchema),
        response: { 200: pictureAnswer },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      const record = context.clients?.find(IDENTITY_CLIENT)?.recordStaffAccess;
      if (!record) {
        // Fail closed: a staff read that cannot be recorded is not made.
        throw new Error('The staff audit log (identity service) is not available in this process.');
      }
      await auditStaffAccess({ record }, principalOf(request), {
        action: 'customer.picture',
        subjectId: userId,
        reason: staffCaseReferenceOf(request.headers) ?? '',
      });
      const picture = await profile.readPicture(userId);
      return reply
        .header('content-type', picture.contentType)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(picture.body));
    },
  );
};
