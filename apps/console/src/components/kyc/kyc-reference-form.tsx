import { STAFF_CASE_REFERENCE_PATTERN } from '@tessera/contracts';
import { Button, Card, Stack, TextField } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';

/**
 * Before a case is read: the case or ticket reference the reads are recorded with in the audit log (the format of
 * STAFF_CASE_REFERENCE_PATTERN, docs/api.md "Staff reads of customer data"). Nothing is fetched until it is given.
 */
export function KycReferenceForm({
  caseId,
  onSubmit,
}: {
  caseId: string;
  onSubmit: (reference: string) => void;
}) {
  const { t } = useTranslation('kyc');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reference = String(new FormData(event.currentTarget).get('reference') ?? '').trim();
    if (!STAFF_CASE_REFERENCE_PATTERN.test(reference)) {
      setError(t('reference.invalid'));
      return;
    }
    onSubmit(reference);
  };
  return (
    <Card title={t('reference.title')} description={t('reference.lead')} headingLevel={2}>
      <form onSubmit={submit} noValidate>
        <Stack gap={4}>
          <TextField
            label={t('reference.label')}
            name="reference"
            required
            autoFocus
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            hint={t('reference.hint', { id: caseId })}
            error={error}
          />
          <div>
            <Button type="submit">{t('reference.submit')}</Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
