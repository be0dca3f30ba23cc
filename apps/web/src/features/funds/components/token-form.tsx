import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { fundAmountSchema, TOKEN_SYMBOL_PATTERN } from '@tessera/contracts';
import { Banner, Button, TextField } from '@tessera/ui';
import { type FormEvent, useRef, useState } from 'react';
import { codeMessage, errorCodeOf, errorMessage } from '#/lib/error-message.ts';
import { useTranslation } from '#/lib/i18n.ts';
import { fundsKeys, newIdempotencyKey, useFundsCall } from '../api/funds-api.ts';
import { createIssuerToken } from '../api/tokens-api.ts';

interface Values {
  name: string;
  symbol: string;
  description: string;
  parValue: string;
}

type Problems = Partial<Record<'name' | 'symbol' | 'parValue', string>>;

function problemsOf(values: Values): Problems {
  const problems: Problems = {};
  const name = values.name.trim();
  if (name.length < 3 || name.length > 80) {
    problems.name = 'form.nameInvalid';
  }
  if (!TOKEN_SYMBOL_PATTERN.test(values.symbol.trim().toUpperCase())) {
    problems.symbol = 'tokens.create.symbolInvalid';
  }
  if (!fundAmountSchema.safeParse(values.parValue.trim().replace(',', '.')).success) {
    problems.parValue = 'tokens.create.parValueInvalid';
  }
  return problems;
}

/** The symbol as the service keeps it (upper-cased, trimmed). */
const symbolOf = (values: Values) => values.symbol.trim().toUpperCase();

/**
 * The issuer token form (docs/adr/0021): name, symbol, description and par value; no composition. The token is
 * created at once (nothing is bought) and its page opens, where its issuer mints units to holders. A symbol another
 * token has (TOKENS_SYMBOL_TAKEN) is said on the symbol field until it changes. One Idempotency-Key per filled form:
 * sending the same values again (after a lost answer) answers the token created first.
 */
export function TokenForm() {
  const { t } = useTranslation(['funds', 'errors']);
  const call = useFundsCall();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({ name: '', symbol: '', description: '', parValue: '' });
  const [shown, setShown] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  /** The symbol the service answered TOKENS_SYMBOL_TAKEN for. */
  const [takenSymbol, setTakenSymbol] = useState<string | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const symbolField = useRef<HTMLInputElement>(null);
  const creating = useMutation({
    mutationFn: () =>
      createIssuerToken(
        call,
        {
          name: values.name.trim(),
          symbol: symbolOf(values),
          description: values.description.trim(),
          parValue: values.parValue.trim().replace(',', '.'),
        },
        key,
      ),
    onSuccess: async (token) => {
      await queryClient.invalidateQueries({ queryKey: fundsKeys.all });
      await navigate({ to: '/dashboard/funds/$id/find/', params: { id: token.id } });
    },
    onError: (error) => {
      if (errorCodeOf(error) === 'TOKENS_SYMBOL_TAKEN') {
        setTakenSymbol(symbolOf(values));
        symbolField.current?.focus();
      } else {
        setFailure(errorMessage(t, error));
      }
    },
  });
  const symbolError = shown.symbol
    ? t(shown.symbol)
    : takenSymbol !== null && takenSymbol === symbolOf(values)
      ? codeMessage(t, 'TOKENS_SYMBOL_TAKEN')
      : undefined;
  const change = (next: Partial<Values>) => {
    const updated = { ...values, ...next };
    setValues(updated);
    // Other values are another request: a key of their own.
    setKey(newIdempotencyKey());
    if (Object.keys(shown).length > 0) {
      setShown(problemsOf(updated));
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const problems = problemsOf(values);
    setShown(problems);
    if (Object.keys(problems).length === 0 && !creating.isPending) {
      creating.mutate();
    }
  };
  return (
    <form className="funds-form" onSubmit={submit} noValidate aria-label={t('tokens.create.title')}>
      <p className="funds-muted">{t('tokens.create.intro')}</p>
      {failure ? <Banner tone="danger">{failure}</Banner> : null}
      <TextField
        label={t('form.name')}
        hint={t('form.nameHint')}
        value={values.name}
        onChange={(event) => change({ name: event.target.value })}
        error={shown.name ? t(shown.name) : undefined}
        maxLength={90}
        required
        autoComplete="off"
      />
      <TextField
        label={t('tokens.create.symbol')}
        hint={t('tokens.create.symbolHint')}
        value={values.symbol}
        onChange={(event) => change({ symbol: event.target.value })}
        error={symbolError}
        ref={symbolField}
        maxLength={8}
        required
        autoComplete="off"
        autoCapitalize="characters"
      />
      <label className="funds-textarea">
        <span>{t('form.description')}</span>
        <textarea
          value={values.description}
          onChange={(event) => change({ description: event.target.value })}
          maxLength={2000}
          rows={3}
        />
      </label>
      <TextField
        label={t('tokens.create.parValue')}
        hint={t('tokens.create.parValueHint')}
        value={values.parValue}
        onChange={(event) => change({ parValue: event.target.value })}
        error={shown.parValue ? t(shown.parValue) : undefined}
        inputMode="decimal"
        suffix="EUR"
        required
        autoComplete="off"
      />
      <div>
        <Button type="submit" variant="primary" loading={creating.isPending}>
          {t('tokens.create.submit')}
        </Button>
      </div>
    </form>
  );
}
