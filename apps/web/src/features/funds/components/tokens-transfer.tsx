import { useQueryClient } from '@tanstack/react-query';
import {
  fundUnitsSchema,
  type FundDetail,
  type TokenCheckReason,
  type TokenTransfer,
  type TokenTransferCheck,
} from '@tessera/contracts';
import { Banner, Button, Card, TextField } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '#/lib/i18n.ts';
import { useFundsCall } from '../api/funds-api.ts';
import { checkTransfer, transferUnits, useTokenPosition } from '../api/tokens-api.ts';
import { useFundFormat } from './format.ts';
import { PreviewStep, useAskPreview, useConfirmAction, usePreviewedAction } from './previewed-action.tsx';
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
  const action = usePreviewedAction<{ check: TokenTransferCheck; request: TransferRequest }, TokenTransfer>();
  const checking = useAskPreview(action, async (request: TransferRequest) => ({
    check: await checkTransfer(call, fund.id, request.email, request.units),
    request,
  }));
  const transferring = useConfirmAction(
    action,
    (request: TransferRequest, key) =>
      transferUnits(call, fund.id, { recipientEmail: request.email, units: request.units }, key),
    (transfer) => {
      setUnits('');
      void queryClient.invalidateQueries({ queryKey: ['funds'] });
      return transfer;
    },
  );
  const ask = (request: TransferRequest) => {
    action.start();
    action.hide();
    if (request.email.length === 0 || !request.email.includes('@')) {
      action.refuse(t('tokens.transfer.emailInvalid'));
      return;
    }
    if (!fundUnitsSchema.safeParse(request.units).success) {
      action.refuse(t('tokens.transfer.unitsInvalid'));
      return;
    }
    checking.mutate(request);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask({ email: email.trim(), units: units.trim().replace(',', '.') });
  };
  const done = action.done;
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
        {action.problem ? <Banner tone="danger">{action.problem}</Banner> : null}
        <TextField
          label={t('tokens.transfer.email')}
          type="email"
          value={email}
          onChange={(event) => action.edit(() => setEmail(event.target.value))}
          autoComplete="off"
          required
        />
        <TextField
          label={t('tokens.transfer.units')}
          hint={t('tokens.transfer.unitsHint', { available: format.units(mine.availableUnits) })}
          value={units}
          onChange={(event) => action.edit(() => setUnits(event.target.value))}
          inputMode="decimal"
          autoComplete="off"
          required
        />
        <PreviewStep
          preview={action.preview}
          label={t('tokens.transfer.check')}
          asking={checking.isPending}
          testId="tokens-check"
          confirm={({ check, request }) =>
            check.allowed
              ? {
                  label: t('tokens.transfer.confirm', {
                    units: format.units(check.units),
                    name: check.recipientName ?? '',
                  }),
                  onConfirm: () => transferring.mutate(request),
                }
              : null
          }
          confirming={transferring.isPending}
          cancel={t('tokens.cancel')}
          onCancel={action.hide}
        >
          {({ check, request }) =>
            check.allowed ? (
              <Banner tone="success">
                {t('tokens.transfer.allowed', {
                  units: format.units(check.units),
                  name: check.recipientName ?? '',
                })}
              </Banner>
            ) : (
              <Refused
                check={check}
                onSuggested={(suggested) => {
                  setUnits(suggested);
                  ask({ email: request.email, units: suggested });
                }}
              />
            )
          }
        </PreviewStep>
      </form>
    </Card>
  );
}

type TransferRequest = { email: string; units: string };

/** The pre-check's refusal: every reason with the smallest change that lifts it, and the suggested units if any. */
function Refused({
  check,
  onSuggested,
}: {
  check: TokenTransferCheck;
  onSuggested: (units: string) => void;
}) {
  const { t } = useTranslation(['funds', 'errors']);
  const format = useFundFormat();
  const suggested = check.suggestedUnits;
  return (
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
      {suggested !== null ? (
        <div>
          <Button type="button" variant="secondary" onClick={() => onSuggested(suggested)}>
            {t('tokens.transfer.useSuggested', { units: format.units(suggested) })}
          </Button>
        </div>
      ) : null}
    </>
  );
}
