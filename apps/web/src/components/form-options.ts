import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver, UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

/** The `t` of react-i18next as the forms' schema builders use it (messages are built when the schema is). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * How every form of the app validates with react-hook-form: on submit, and again only on the next submit (a
 * message stays while the person types, as it did before the forms moved to react-hook-form), without moving the
 * focus to the first field in error (the focus stays where the person is; the journeys rely on it).
 */
export const SUBMIT_VALIDATION = {
  mode: 'onSubmit',
  reValidateMode: 'onSubmit',
  shouldFocusError: false,
} as const satisfies Partial<UseFormProps<FieldValues>>;

/**
 * A zod resolver whose schema depends on the values it checks: an amount is checked against the asset of the
 * wallet chosen in the same form, a card's fields only when paying with a new card.
 */
export function resolverFor<Values extends FieldValues>(
  schemaFor: (values: Values) => z.ZodType<Values, Values>,
): Resolver<Values> {
  return (values, context, options) => zodResolver(schemaFor(values))(values, context, options);
}

/**
 * The message of the first field in error, in the order given: for forms that show one message at a time (the
 * sign-in forms), where the checks run in that order.
 */
export function firstError<Values extends FieldValues>(
  errors: FieldErrors<Values>,
  order: readonly (keyof Values & string)[],
): string | null {
  for (const name of order) {
    const message = errors[name]?.message;
    if (typeof message === 'string') {
      return message;
    }
  }
  return null;
}
