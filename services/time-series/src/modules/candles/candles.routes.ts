/**
 * Candles over HTTP (under /api/time-series): `GET /candles/:productId` with an interval and a range, cursor-paged
 * towards the past; `GET /status` with the backfill's progress. Public market data: no sign-in.
 */
import { z } from 'zod';
import {
  CANDLE_INTERVALS,
  CANDLES_LIMIT_DEFAULT,
  CANDLES_LIMIT_MAX,
  type CandlesResponse,
  candlesResponseSchema,
  parseProduct,
  timeSeriesStatusSchema,
} from '@tessera/contracts';
import type { ServiceRoutes } from '@tessera/platform';
import { InvalidProductError, InvalidRangeError, UnknownProductError } from '../../errors.ts';
import type { TimeSeriesRuntime } from './time-series-runtime.ts';

/** The earliest time a query may name (no market data before it) and the latest (a bound, not a promise). */
const EARLIEST_MS = Date.UTC(2000, 0, 1);
const LATEST_MS = Date.UTC(2200, 0, 1);

/** An instant as epoch milliseconds or an ISO 8601 timestamp. */
const instantSchema = z
  .string()
  .max(40)
  .transform((value, context) => {
    const ms = /^[0-9]{1,15}$/.test(value)
      ? Number(value)
      : /^\d{4}-\d{2}-\d{2}T/.test(value)
        ? Date.parse(value)
        : NaN;
    if (!Number.isFinite(ms) || ms < EARLIEST_MS || ms > LATEST_MS) {
      context.addIssue({
        code: 'custom',
        message: 'must be epoch milliseconds or an ISO 8601 timestamp (2000 to 2200)',
      });
      return z.NEVER;
    }
    return ms;
  });

/** A cursor is `v1:<toMs>` in base64url: the older page ends where this one began. */
const cursorSchema = z
  .string()
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a cursor returned by this endpoint')
  .transform((value) => Buffer.from(value, 'base64url').toString('utf8'))
  .pipe(
    z
      .string()
      .regex(/^v1:[0-9]{1,15}$/, 'must be a cursor returned by this endpoint')
      .transform((value) => Number(value.slice(3))),
  );

const candlesQuerySchema = z.strictObject({
  interval: z.enum(CANDLE_INTERVALS),
  from: instantSchema.optional(),
  to: instantSchema.optional(),
  limit: z
    .string()
    .regex(/^[0-9]{1,4}$/, 'must be an integer')
    .transform(Number)
    .pipe(z.number().int().min(1).max(CANDLES_LIMIT_MAX))
    .default(CANDLES_LIMIT_DEFAULT),
  cursor: cursorSchema.optional(),
});

function encodeCursor(toMs: number): string {
  return Buffer.from(`v1:${toMs}`, 'utf8').toString('base64url');
}

/** `GET /candles/:productId`: the id is checked by the route (TIME_SERIES_INVALID_PRODUCT, not VALIDATION_FAILED). */
const candlesParamsSchema = z.object({ productId: z.string() });
/** `GET /status` takes no parameter (docs/api.md: unknown parameters are VALIDATION_FAILED). */
const statusQuerySchema = z.strictObject({});

export const candlesRoutes: ServiceRoutes<{ runtime: TimeSeriesRuntime }> = async (app, { runtime }) => {
  app.get(
    '/candles/:productId',
    {
      schema: {
        summary: 'Gives the candles of a product over a range',
        description:
          'Candles in ascending time: the latest `limit` with `from <= openTimeMs < to` (`to` defaults to now, ' +
          'the forming candle included); `nextCursor` pages towards the past.',
        params: candlesParamsSchema,
        querystring: candlesQuerySchema,
        response: { 200: candlesResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return candlesPage(runtime, request.params.productId, request.query);
    },
  );

  app.get(
    '/status',
    {
      schema: {
        summary: 'Reports the backfill of this process',
        querystring: statusQuerySchema,
        response: { 200: timeSeriesStatusSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { backfill: { ...runtime.progress } };
    },
  );
};

/** A page of a product's candles, the query already valid. */
async function candlesPage(
  runtime: TimeSeriesRuntime,
  raw: string,
  query: z.output<typeof candlesQuerySchema>,
): Promise<CandlesResponse> {
  const product = parseProduct(raw);
  if (product === null) {
    throw new InvalidProductError(undefined, { productId: raw.slice(0, 40) });
  }
  if (runtime.instrument(product.id) === undefined) {
    throw new UnknownProductError(undefined, { productId: product.id });
  }
  const fromMs = query.from ?? EARLIEST_MS;
  // The cursor ends the page where the previous one began; `to` is exclusive.
  const toMs = Math.min(query.cursor ?? Number.MAX_SAFE_INTEGER, query.to ?? runtime.clock() + 1);
  if (fromMs >= toMs) {
    throw new InvalidRangeError(undefined, { from: fromMs, to: toMs });
  }
  // One more than asked says whether an older page exists.
  const candles = await runtime.store.candles(product.id, query.interval, fromMs, toMs, query.limit + 1);
  const page = candles.slice(-query.limit);
  const more = candles.length > query.limit;
  return {
    productId: product.id,
    interval: query.interval,
    candles: page,
    nextCursor: more && page[0] !== undefined ? encodeCursor(page[0].openTimeMs) : null,
  };
}
