import { Link } from '@tanstack/react-router';
import { STAFF_CASE_REFERENCE_PATTERN } from '@tessera/contracts';
import { Alert, Button, Card, PageHeader, Stack, TextField } from '@tessera/ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.ts';
import './support.css';

/** The translation key of an API error's message. */
export function errorKey(error: unknown): string {
  const known = ['FORBIDDEN', 'UNAUTHENTICATED', 'STAFF_REASON_REQUIRED', 'STAFF_CUSTOMER_NOT_FOUND'];
  const code = error instanceof ApiError ? error.code : 'INTERNAL';
  return `errors.${[...known, 'LEDGER_LEDGER_NOT_FOUND', 'VALIDATION_FAILED', 'RATE_LIMITED'].includes(code) ? code : 'INTERNAL'}`;
}

/** What a staff member outside support_agent and admin sees at a customer address: nothing is read. */
export function SupportNotAllowed() {
  const { t } = useTranslation('support');
  return (
    <>
      <PageHeader title={t('notAllowed.title')} />
      <Alert tone="warning">{t('notAllowed.lead')}</Alert>
      <div>
        <Button asChild variant="secondary">
          <Link to="/home">{t('notAllowed.home')}</Link>
        </Button>
      </div>
    </>
  );
}

/** The case or ticket reference field (STAFF_CASE_REFERENCE_PATTERN, docs/api.md). */
export function ReferenceField({
  error,
  defaultValue,
}: {
  error?: string | undefined;
  defaultValue?: string;
}) {
  const { t } = useTranslation('support');
  return (
    <TextField
      label={t('reference.label')}
      name="reference"
      required
      autoComplete="off"
      spellCheck={false}
      maxLength={40}
      defaultValue={defaultValue}
      hint={t('reference.hint')}
      error={error}
    />
  );
}

/** The reference read from a form, or null (then the field shows why). */
export function referenceOf(form: HTMLFormElement): string | null {
  const reference = String(new FormData(form).get('reference') ?? '').trim();
  return STAFF_CASE_REFERENCE_PATTERN.test(reference) ? reference : null;
}

/** Before a customer is read: the case or ticket reference the reads are recorded with. Nothing is fetched before. */
export function ReferenceForm({
  onSubmit,
  title,
  submitLabel,
}: {
  onSubmit: (reference: string) => void;
  /** What is being opened, when not a customer (the ledger explorer). */
  title?: string;
  submitLabel?: string;
}) {
  const { t } = useTranslation('support');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reference = referenceOf(event.currentTarget);
    if (!reference) {
      setError(t('reference.invalid'));
      return;
    }
    onSubmit(reference);
  };
  return (
    <Card title={title ?? t('reference.title')} description={t('reference.lead')} headingLevel={2}>
      <form onSubmit={submit} noValidate>
        <Stack gap={4}>
          <ReferenceField error={error} />
          <div>
            <Button type="submit">{submitLabel ?? t('reference.submit')}</Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}

/** Terms and their values (a profile, a check's totals); `children` adds wider items. */
export function Facts({
  facts,
  children,
}: {
  facts: readonly (readonly [string, ReactNode])[];
  children?: ReactNode;
}) {
  return (
    <dl className="support-facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      {children}
    </dl>
  );
}
