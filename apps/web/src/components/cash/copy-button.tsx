import { useEffect, useState } from 'react';
import { Button, VisuallyHidden } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';

/** Copies `value` to the clipboard; its label says what is copied and confirms once done. */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const { t } = useTranslation('wallets');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) {
      return;
    }
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() =>
        void navigator.clipboard?.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      <span aria-live="polite">{copied ? t('copy.done') : t('copy.action')}</span>
      <VisuallyHidden>{` ${what}`}</VisuallyHidden>
    </Button>
  );
}

/**
 * A labelled value the customer may need to type elsewhere (IBAN, BIC, reference, address), with a copy button. The
 * value is masked in session recordings (data-tracker-mask, issue #17).
 */
export function CopyField({ label, value, mono = true }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="cash-field">
      <dt>{label}</dt>
      <dd>
        <span className={mono ? 'cash-mono' : undefined} data-tracker-mask="">
          {value}
        </span>
        <CopyButton value={value} what={label} />
      </dd>
    </div>
  );
}
