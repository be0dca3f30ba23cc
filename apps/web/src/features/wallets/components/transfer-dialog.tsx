import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CashTransfer } from '@tessera/contracts';
import { Banner, Button, Dialog, SegmentedControl, Skeleton } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { useCashCall } from '#/shared/cash/api/cash-request.ts';
import { walletsQueryOptions } from '#/shared/cash/api/get-wallets.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { formatAmountText } from '#/lib/money.ts';
import { useStepUpRetry } from '#/components/cash/use-step-up-retry.tsx';
import { CustomerTransferForm } from './customer-transfer-form.tsx';
import { OwnTransferForm } from './own-transfer-form.tsx';
import type { RunWithStepUp } from './transfer-form-parts.tsx';

type Mode = 'own' | 'customer';

/**
 * The cash transfer modal (action=transfer): between the customer's own wallets (with an FX quote valid 30 s
 * when the assets differ: rate, fee and amount received, renewed when it runs out) or to another customer by
 * e-mail, which needs a fresh second factor (step-up) and is retried with the same Idempotency-Key.
 */
export function TransferDialog({
  open,
  onClose,
  initialFromWalletId,
}: {
  open: boolean;
  onClose: () => void;
  initialFromWalletId?: string;
}) {
  const { t } = useTranslation('wallets');
  // The step-up dialog replaces this one while it is open (two modals at once would fight over the focus trap);
  // what must survive it lives here: the mode, the result and a failure of the retried request.
  const stepUp = useStepUpRetry();
  const [mode, setMode] = useState<Mode>('own');
  const [result, setResult] = useState<CashTransfer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setMode('own');
    setResult(null);
    setFailure(null);
    onClose();
  };
  const shown = open && !stepUp.active;
  return (
    <>
      <Dialog
        open={shown}
        onOpenChange={(next) => {
          if (!next) {
            close();
          }
        }}
        title={t('transfer.title')}
        description={t('transfer.description')}
        closeLabel={t('transfer.close')}
        size="md"
      >
        {shown ? (
          <TransferBody
            initialFromWalletId={initialFromWalletId}
            mode={mode}
            onModeChange={(next) => {
              setMode(next);
              setFailure(null);
            }}
            result={result}
            failure={failure}
            runWithStepUp={stepUp.run}
            onDone={(transfer) => {
              setFailure(null);
              setResult(transfer);
            }}
            onFailure={setFailure}
            onAgain={() => setResult(null)}
            onClose={close}
          />
        ) : null}
      </Dialog>
      {stepUp.dialog}
    </>
  );
}

function TransferBody({
  initialFromWalletId,
  mode,
  onModeChange,
  result,
  failure,
  runWithStepUp,
  onDone,
  onFailure,
  onAgain,
  onClose,
}: {
  initialFromWalletId?: string;
  mode: Mode;
  onModeChange: (mode: Mode) => void;
  result: CashTransfer | null;
  failure: string | null;
  runWithStepUp: RunWithStepUp;
  onDone: (transfer: CashTransfer) => void;
  onFailure: (message: string | null) => void;
  onAgain: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const wallets = useQuery(walletsQueryOptions(call));

  if (wallets.isPending) {
    return <Skeleton shape="block" height="240px" />;
  }
  if (wallets.isError) {
    return <Banner tone="danger">{errorMessage(t, wallets.error)}</Banner>;
  }
  const open = wallets.data.filter((wallet) => wallet.status === 'open');
  if (result) {
    return <TransferDone transfer={result} onClose={onClose} onAgain={onAgain} />;
  }
  if (open.length === 0) {
    return <p>{t('transfer.noWallets')}</p>;
  }
  return (
    <div className="app-stack">
      <SegmentedControl
        label={t('transfer.mode')}
        value={mode}
        onValueChange={onModeChange}
        options={(['own', 'customer'] as const).map((value) => ({
          value,
          label: t(`transfer.modes.${value}`),
        }))}
      />
      {failure ? <Banner tone="danger">{failure}</Banner> : null}
      {mode === 'own' ? (
        <OwnTransferForm wallets={open} initialFromWalletId={initialFromWalletId} onDone={onDone} />
      ) : (
        <CustomerTransferForm
          wallets={open}
          initialFromWalletId={initialFromWalletId}
          runWithStepUp={runWithStepUp}
          onDone={onDone}
          onFailure={onFailure}
        />
      )}
    </div>
  );
}

function TransferDone({
  transfer,
  onClose,
  onAgain,
}: {
  transfer: CashTransfer;
  onClose: () => void;
  onAgain: () => void;
}) {
  const { t } = useTranslation('wallets');
  const language = currentLanguage();
  return (
    <div className="app-stack">
      <Banner tone="success">
        {transfer.recipient
          ? t('transfer.doneCustomer', {
              amount: formatAmountText(transfer.amountSent, transfer.assetSent, language),
              name: transfer.recipient.displayName,
            })
          : t('transfer.done', {
              sent: formatAmountText(transfer.amountSent, transfer.assetSent, language),
              received: formatAmountText(transfer.amountReceived, transfer.assetReceived, language),
            })}
      </Banner>
      <div className="app-cluster">
        <Button variant="secondary" onClick={onAgain}>
          {t('transfer.again')}
        </Button>
        <Button variant="primary" onClick={onClose}>
          {t('transfer.finish')}
        </Button>
      </div>
    </div>
  );
}
