/** POST /api/help/articles/:id/feedback: "was this helpful", rate-limited per client address. */
import { z } from 'zod';
import type { ServiceRoutes } from '@tessera/platform';
import { NotFoundError, RateLimitedError } from '../../errors.ts';
import type { HelpDatabase } from '../../tables.ts';
import {
  feedbackBodySchema,
  helpFeedbackResponseSchema,
  idParamsSchema,
} from '../articles/articles.schemas.ts';
import { insertFeedback, isLiveArticle, takeFeedbackAllowance } from './feedback.repository.ts';

/** No body reads as an empty one, so its missing fields are named (as before the route declared its schema). */
const feedbackBodyOrEmptySchema = z.preprocess((body) => body ?? {}, feedbackBodySchema);

export const feedbackRoutes: ServiceRoutes<{ db: HelpDatabase }> = async (app, { db }) => {
  app.post(
    '/articles/:id/feedback',
    {
      schema: {
        summary: 'Records whether an article helped',
        description:
          'Stores `{ language, helpful, comment? }` for a live article; at most 20 answers per client address ' +
          'and hour (RATE_LIMITED with `Retry-After` beyond).',
        params: idParamsSchema,
        body: feedbackBodyOrEmptySchema,
        response: { 201: helpFeedbackResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const body = request.body;
      if (!(await isLiveArticle(db, id))) {
        throw new NotFoundError('No such help article.', { articleId: id });
      }
      const retryAfterSeconds = await takeFeedbackAllowance(db, request.ip);
      if (retryAfterSeconds !== undefined) {
        void reply.header('retry-after', String(retryAfterSeconds));
        throw new RateLimitedError(undefined, { retryAfterSeconds });
      }
      const saved = await insertFeedback(db, {
        articleId: id,
        language: body.language,
        helpful: body.helpful,
        comment: body.comment,
      });
      void reply.status(201).header('cache-control', 'no-store');
      return saved;
    },
  );
};
