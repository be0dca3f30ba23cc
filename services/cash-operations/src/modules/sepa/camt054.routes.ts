/**
 * camt.054 imports (docs/api.md, "Cash operations: rails"; sepa/camt054-imports.service.ts): an admin uploads the
 * bank's XML file (nothing booked), a different admin approves it (booked) or any admin rejects it. Admins only, in
 * every environment; the admin check runs before the body or query is read.
 */
import { camt054ImportListQuerySchema, rejectCamt054ImportRequestSchema } from '@tessera/contracts';
import { documentOnly, principalOf, requireSignIn, type ServiceRoutes } from '@tessera/platform';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { railIdParamsSchema } from '../beneficiaries/beneficiaries.schemas.ts';
import type { RailRoutesOptions } from '../rails/rails-routes-options.ts';
import {
  approveCamt054Import,
  getCamt054Import,
  listCamt054Imports,
  rejectCamt054Import,
  requireCamt054Admin,
  uploadCamt054,
} from './camt054-imports.service.ts';
import { camt054ImportListSchema, camt054ImportSchema } from './sepa.schemas.ts';

/** Refuses anyone but an admin, before the request's body or query is validated or read. */
const adminsOnly = async (request: FastifyRequest) => requireCamt054Admin(principalOf(request));

/** The upload and the list of imports. */
export const camt054Routes: ServiceRoutes<RailRoutesOptions> = async (app, { context, instance }) => {
  const { rails } = instance;
  requireSignIn(app, context.auth);
  app.post(
    '/sepa/camt054',
    {
      schema: {
        summary: "Uploads a bank's camt.054 file for a second admin's approval (admins)",
        description:
          "The body is the XML file (application/xml or text/xml, at most 2 MiB; its parser is the rails' scope, " +
          'rails.routes.ts). Nothing is booked until a second admin approves.',
        body: documentOnly(z.string().describe('camt.054 XML')),
        response: { 201: camt054ImportSchema },
      },
      onRequest: adminsOnly,
    },
    async (request, reply) => {
      const xml = typeof request.body === 'string' ? request.body : '';
      return reply.status(201).send(await uploadCamt054(rails, principalOf(request), xml));
    },
  );
  app.get(
    '/sepa/camt054/imports',
    {
      schema: {
        summary: 'Lists camt.054 imports (admins)',
        querystring: camt054ImportListQuerySchema,
        response: { 200: camt054ImportListSchema },
      },
      onRequest: adminsOnly,
    },
    async (request) => ({
      items: await listCamt054Imports(rails, principalOf(request), request.query.status),
    }),
  );
};

/** One import: read, approve, reject. */
export const camt054ImportRoutes: ServiceRoutes<RailRoutesOptions> = async (app, { context, instance }) => {
  const { rails } = instance;
  requireSignIn(app, context.auth);
  app.get(
    '/sepa/camt054/imports/:id',
    {
      schema: {
        summary: 'Reads a camt.054 import with its credits (admins)',
        params: railIdParamsSchema,
        response: { 200: camt054ImportSchema },
      },
    },
    async (request) => getCamt054Import(rails, principalOf(request), request.params.id),
  );
  app.post(
    '/sepa/camt054/imports/:id/approve',
    {
      schema: {
        summary: 'Approves and books a camt.054 import (an admin other than the uploader)',
        params: railIdParamsSchema,
        response: { 200: camt054ImportSchema },
      },
    },
    async (request) => approveCamt054Import(rails, principalOf(request), request.params.id),
  );
  app.post(
    '/sepa/camt054/imports/:id/reject',
    {
      schema: {
        summary: 'Rejects a camt.054 import (admins)',
        params: railIdParamsSchema,
        // No body is the same as an empty object.
        body: rejectCamt054ImportRequestSchema.optional(),
        response: { 200: camt054ImportSchema },
      },
      onRequest: adminsOnly,
    },
    async (request) =>
      rejectCamt054Import(rails, principalOf(request), request.params.id, request.body?.reason ?? null),
  );
};
