/** POST /api/help/articles/:id/feedback: "was this helpful", rate-limited per client address. */
import type { FastifyInstance } from 'fastify';
import { parseOrThrow } from '@tessera/platform';
import type { HelpFeedbackResponse } from '@tessera/contracts';
import { NotFoundError, RateLimitedError } from '../../errors.ts';
import type { HelpDatabase } from '../../tables.ts';
import { idParamsSchema } from '../articles/articles.schemas.ts';
import { feedbackBodySchema } from '../articles/articles.schemas.ts';
import { insertFeedback, isLiveArticle, takeFeedbackAllowance } from './feedback.repository.ts';

export async function feedbackRoutes(app: FastifyInstance, { db }: { db: HelpDatabase }) {
  app.post('/articles/:id/feedback', async (request, reply): Promise<HelpFeedbackResponse> => {
    const { id } = parseOrThrow(idParamsSchema, request.params);
    const body = parseOrThrow(feedbackBodySchema, request.body ?? {});
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
  });
}
