import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  fundUnitsSchema,
  type FundDetail,
  type TokenCheckReason,
  type TokenTransfer,
  type TokenTransferCheck,
} from '@tessera/contracts';
import { Banner, Button, Card, TextField } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import { ConfirmButton } from '#/components/confirm-button.tsx';
import { errorMessage } from '#/lib/error-message.ts';
import { useTranslation } from '#/lib/i18n.ts';
import { newIdempotencyKey, useFundsCall } from '../api/funds-api.ts';
import { checkTransfer, transferUnits, useTokenPosition } from '../api/tokens-api.ts';
import { useFundFormat } from './format.ts';
import './tokens.css';

type Translate = ReturnType<typeof useTranslation>['t'];

/** One reason of the pre-check and the smallest change that lifts it, in words. */
export function reasonText(t: Translate, reason: TokenCheckReason, format: ReturnType<typeof useFundFormat>) {
  const values = {
    held: format.units(reason.held),
    frozen: format.units(reason.frozen),
    available: format.units(reason.available),
  };
  const why = t(`tokens.reason.${reason.code}`, values);
  const fix = reason.fix;
  const how =
    fix.kind === 'reduceUnits'
      ? t('tokens.fix.reduceUnits', { units: format.units(fix.units) })
      : fix.kind === 'senderVerification' || fix.kind === 'recipientVerification'
        ? t(`tokens.fix.${fix.kind}`, { level: fix.level })
        : t(`tokens.fix.${fix.kind}`);
  return { why, how };
}

/**
 * The holder's part of a fund's page: their units (and the frozen part), and "Transfer units" to another verified
 * customer by e-mail. The compliance pre-check's answer (every reason and the smallest change) shows before the
 * confirm; the transfer runs the same check again.
 */
export function TokensHolderPanel({ fund }: { fund: FundDetail }) {
  const { t } = useTranslation(['funds', 'errors']);
  const format = useFundFormat();
  const position = useTokenPosition(fund.id);
  const call = useFundsCall();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [units, setUnits] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [check, setCheck] = useState<TokenTransferCheck | null>(null);
  const [asked, setAsked] = useState<{ email: string; units: string } | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const [done, setDone] = useState<TokenTransfer | null>(null);
  const checking = useMutation({
    mutationFn: (request: { email: string; units: string }) =>
      checkTransfer(call, fund.id, request.email, request.units),
    onSuccess: setCheck,
    onError: (error) => setProblem(errorMessage(t, error)),
  });
  const transferring = useMutation({
    mutationFn: (request: { email: string; units: string }) =>
      transferUnits(call, fund.id, { recipientEmail: request.email, units: request.units }, key),
    onSuccess: (transfer) => {
      setDone(transfer);
      setCheck(null);
      setKey(newIdempotencyKey());
      setUnits('');
      void queryClient.invalidateQueries({ queryKey: ['funds'] });
    },
    onError: (error) => setProblem(errorMessage(t, error)),
  });
  const ask = (request: { email: string; units: string }) => {
    setProblem(null);
    setDone(null);
    setCheck(null);
    if (request.email.length === 0 || !request.email.includes('@')) {
      setProblem(t('tokens.transfer.emailInvalid'));
      return;
    }
    if (!fundUnitsSchema.safeParse(request.units).success) {
      setProblem(t('tokens.transfer.unitsInvalid'));
      return;
    }
    setAsked(request);
    checking.mutate(request);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask({ email: email.trim(), units: units.trim().replace(',', '.') });
  };
  const mine = position.data;
  // Only a holder has units to transfer (the issuer's own section is TokensIssuerSection).
  if (mine === undefined || !/[1-9]/.test(mine.units)) {
    return null;
  }
  return (
    <Card as="section" title={t('tokens.holder.title')} headingLevel={2}>
      <dl className="funds-facts funds-facts--list" data-testid="tokens-position">
        <div>
          <dt>{t('tokens.holder.units')}</dt>
          <dd>{format.units(mine.units)}</dd>
        </div>
        <div>
          <dt>{t('tokens.holder.frozen')}</dt>
          <dd data-testid="tokens-frozen">{format.units(mine.frozenUnits)}</dd>
        </div>
        <div>
          <dt>{t('tokens.holder.available')}</dt>
          <dd>{format.units(mine.availableUnits)}</dd>
        </div>
      </dl>
      {mine.paused ? <Banner tone="warning">{t('tokens.holder.paused')}</Banner> : null}
      <form className="funds-form" onSubmit={submit} noValidate aria-label={t('tokens.transfer.title')}>
        <h3 className="funds-subtitle tokens-transfer-title">{t('tokens.transfer.title')}</h3>
        <p className="funds-muted">{t('tokens.transfer.intro')}</p>
        {done ? (
          <Banner tone="success">
            {t('tokens.transfer.done', { units: format.units(done.units), name: done.recipientName })}
          </Banner>
        ) : null}
        {problem ? <Banner tone="danger">{problem}</Banner> : null}
        <TextField
          label={t('tokens.transfer.email')}
          type="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setCheck(null);
          }}
          autoComplete="off"
          required
        />
        <TextField
          label={t('tokens.transfer.units')}
          hint={t('tokens.transfer.unitsHint', { available: format.units(mine.availableUnits) })}
          value={units}
          onChange={(event) => {
            setUnits(event.target.value);
            setCheck(null);
          }}
          inputMode="decimal"
          autoComplete="off"
          required
        />
        {check === null ? (
          <div>
            <Button type="submit" variant="secondary" loading={checking.isPending}>
              {t('tokens.transfer.check')}
            </Button>
          </div>
        ) : (
          <div className="funds-preview" aria-live="polite" data-testid="tokens-check">
            {check.allowed ? (
              <>
                <Banner tone="success">
                  {t('tokens.transfer.allowed', {
                    units: format.units(check.units),
                    name: check.recipientName ?? '',
                  })}
                </Banner>
                <div className="funds-actions">
                  <ConfirmButton
                    type="button"
                    variant="primary"
                    loading={transferring.isPending}
                    onClick={() => asked && transferring.mutate(asked)}
                  >
                    {t('tokens.transfer.confirm', {
                      units: format.units(check.units),
                      name: check.recipientName ?? '',
                    })}
                  </ConfirmButton>
                  <Button type="button" variant="ghost" onClick={() => setCheck(null)}>
                    {t('tokens.cancel')}
                  </Button>
                </div>
              </>
            ) : (
              <>
                <Banner tone="danger">{t('tokens.transfer.refused')}</Banner>
                <ul className="tokens-reasons">
                  {check.reasons.map((reason) => {
                    const { why, how } = reasonText(t, reason, format);
                    return (
                      <li key={reason.code}>
                        <strong>{why}</strong> <span>{how}</span>
                      </li>
                    );
                  })}
                </ul>
                {check.suggestedUnits !== null && asked !== null ? (
                  <div>
                    <Button
                      type="button"
                      variant="secondary"
                      onClick={() => {
                        setUnits(check.suggestedUnits!);
                        ask({ email: asked.email, units: check.suggestedUnits! });
                      }}
                    >
                      {t('tokens.transfer.useSuggested', { units: format.units(check.suggestedUnits) })}
                    </Button>
                  </div>
                ) : null}
              </>
            )}
          </div>
        )}
      </form>
    </Card>
  );
}
