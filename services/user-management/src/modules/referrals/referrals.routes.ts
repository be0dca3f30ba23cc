/**
 * HTTP under /api/user-management/referrals (docs/api.md "Referrals"): the signed-in customer's sponsor code,
 * their referrals, and their own sponsor (set after sign-up, changed once). Ids come from the token only.
 */
import {
  referralListSchema,
  sponsorCodeInputSchema,
  sponsorCodeSchema,
  sponsorStatusSchema,
} from '@tessera/contracts';
import { principalOf, requireSignIn, type ServiceContext, type ServiceRoutes } from '@tessera/platform';
import { z } from 'zod';
import type { ReferralsService } from './referrals.service.ts';

/** No query parameters: an unknown one is refused (VALIDATION_FAILED). */
const noQuery = z.object({}).strict();

export type ReferralRoutesOptions = {
  readonly context: ServiceContext;
  readonly referrals: ReferralsService;
};

export const referralRoutes: ServiceRoutes<ReferralRoutesOptions> = async (app, { context, referrals }) => {
  requireSignIn(app, context.auth);
  app.get(
    '/referrals/code',
    {
      schema: {
        querystring: noQuery,
        summary: "The customer's sponsor code (the app builds the share link and QR code from it)",
        response: { 200: sponsorCodeSchema },
      },
    },
    async (request) => ({ code: await referrals.codeOf(principalOf(request).userId) }),
  );
  app.get(
    '/referrals',
    {
      schema: {
        querystring: noQuery,
        summary: 'The people the customer referred (first name or masked e-mail) and their progress',
        response: { 200: referralListSchema },
      },
    },
    async (request) => referrals.list(principalOf(request).userId),
  );
  app.get(
    '/referrals/sponsor',
    {
      schema: {
        querystring: noQuery,
        summary: "The customer's sponsor and whether they may still change it",
        response: { 200: sponsorStatusSchema },
      },
    },
    async (request) => referrals.sponsorStatus(principalOf(request).userId),
  );
  app.post(
    '/referrals/sponsor',
    {
      schema: {
        summary: 'Records the sponsor whose code the customer signed up with (within 30 days of sign-up)',
        body: sponsorCodeInputSchema,
        response: { 200: sponsorStatusSchema },
      },
    },
    async (request) => referrals.setSponsor(principalOf(request).userId, request.body.code),
  );
  app.put(
    '/referrals/sponsor',
    {
      schema: {
        summary: 'Changes the sponsor, once, within 30 days of sign-up',
        body: sponsorCodeInputSchema,
        response: { 200: sponsorStatusSchema },
      },
    },
    async (request) => referrals.changeSponsor(principalOf(request).userId, request.body.code),
  );
};
