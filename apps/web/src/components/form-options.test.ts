import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstError, resolverFor } from './form-options.ts';

const resolverOptions = { fields: {}, shouldUseNativeValidation: false } as const;

describe('resolverFor', () => {
  // The withdrawal and transfer forms check an amount against the asset of the wallet chosen in the same form.
  const resolver = resolverFor((values: { asset: string; amount: string }) =>
    z.object({
      asset: z.string(),
      amount: z.string().refine((amount) => values.asset !== 'BTC' || amount.length <= 3, 'too long for BTC'),
    }),
  );

  it('builds the schema from the values it checks', async () => {
    const refused = await resolver({ asset: 'BTC', amount: '1234' }, undefined, resolverOptions);
    expect(refused.errors['amount']?.message).toBe('too long for BTC');
    const accepted = await resolver({ asset: 'EUR', amount: '1234' }, undefined, resolverOptions);
    expect(accepted.errors).toEqual({});
    expect(accepted.values).toEqual({ asset: 'EUR', amount: '1234' });
  });
});

describe('firstError', () => {
  it('gives the message of the first field in error, in the order asked', () => {
    const errors = {
      password: { type: 'custom', message: 'password' },
      email: { type: 'custom', message: 'email' },
    };
    expect(firstError(errors, ['email', 'password'])).toBe('email');
    expect(firstError(errors, ['password', 'email'])).toBe('password');
  });

  it('gives null when no field is in error', () => {
    expect(firstError<{ email: string }>({}, ['email'])).toBeNull();
  });
});
