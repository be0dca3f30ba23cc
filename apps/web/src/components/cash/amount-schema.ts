import { z } from 'zod';
import { amountErrorCode, codeMessage } from '#/lib/error-message.ts';
import { amountInputError } from '#/lib/money.ts';
import type { Translate } from '#/components/form-options.ts';

/**
 * A typed amount of `asset` for a form's zod schema: rejected with the message of the CASH_AMOUNT_* code cash
 * operations would answer (lib/cash/errors.ts), so the customer reads one message for one mistake. Without an
 * asset (no wallet chosen yet) any text passes: the form has nothing to send anyway.
 */
export function amountSchema(t: Translate, asset: string | undefined) {
  return z.string().superRefine((amount, context) => {
    const problem = asset === undefined ? null : amountInputError(amount, asset);
    if (problem) {
      context.addIssue({ code: 'custom', message: codeMessage(t, amountErrorCode(problem)) });
    }
  });
}
