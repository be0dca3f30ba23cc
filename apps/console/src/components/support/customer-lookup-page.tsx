import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { Alert, Button, Card, PageHeader, Table, TableScroll, TextField } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import {
  type CustomerSummary,
  customerSearchQueryOptions,
  dateTimeFormat,
  type IbanMatch,
} from './support-api.ts';
import { errorKey, ReferenceField, referenceOf } from './support-parts.tsx';

export interface LookupSearch {
  ref?: string | undefined;
  q?: string | undefined;
}

/**
 * Support agents and admins: the case or ticket reference and an e-mail, a name or an IBAN; the customers found
 * (identity) or the wallet of the IBAN (cash operations). Each search is recorded in the audit log.
 */
export function CustomerLookupPage({
  search,
  onSearch,
}: {
  search: LookupSearch;
  onSearch: (next: Required<LookupSearch>) => void;
}) {
  const { t } = useTranslation('support');
  return (
    <>
      <PageHeader title={t('lookup.title')} description={t('lookup.lead')} />
      <LookupForm search={search} onSearch={onSearch} />
      {search.ref && search.q ? <LookupResults reference={search.ref} query={search.q} /> : null}
    </>
  );
}

function LookupForm({
  search,
  onSearch,
}: {
  search: LookupSearch;
  onSearch: (next: Required<LookupSearch>) => void;
}) {
  const { t } = useTranslation('support');
  const [problems, setProblems] = useState<{ reference?: string; query?: string }>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reference = referenceOf(event.currentTarget);
    const query = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    const next = {
      ...(reference ? {} : { reference: t('reference.invalid') }),
      ...(query.length >= 2 && query.length <= 100 ? {} : { query: t('lookup.queryInvalid') }),
    };
    setProblems(next);
    if (reference && !next.query) {
      onSearch({ ref: reference, q: query });
    }
  };
  return (
    <Card title={t('lookup.formTitle')} headingLevel={2}>
      <form onSubmit={submit} className="console-form console-form--inline" noValidate role="search">
        <ReferenceField error={problems.reference} defaultValue={search.ref ?? ''} />
        <TextField
          label={t('lookup.query')}
          name="q"
          required
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          defaultValue={search.q ?? ''}
          hint={t('lookup.queryHint')}
          error={problems.query}
        />
        <Button type="submit">{t('lookup.search')}</Button>
      </form>
    </Card>
  );
}

function LookupResults({ reference, query }: { reference: string; query: string }) {
  const { t } = useTranslation('support');
  const { api } = useRouteContext({ from: '/_staff' });
  const found = useQuery(customerSearchQueryOptions(api, reference, query));
  if (found.isError) {
    return <Alert>{t(errorKey(found.error))}</Alert>;
  }
  if (found.data?.kind === 'iban') {
    return <IbanResults reference={reference} matches={found.data.matches} />;
  }
  return (
    <CustomerResults
      reference={reference}
      customers={found.data?.customers ?? []}
      pending={found.isPending}
    />
  );
}

function CustomerResults({
  reference,
  customers,
  pending,
}: {
  reference: string;
  customers: readonly CustomerSummary[];
  pending: boolean;
}) {
  const { t } = useTranslation('support');
  const date = dateTimeFormat(currentLanguage(), false);
  return (
    <Card padding="none">
      <TableScroll label={t('lookup.results')}>
        <Table<CustomerSummary>
          caption={t('lookup.results')}
          rows={customers}
          getRowKey={(row) => row.id}
          empty={pending ? t('console:loading') : t('lookup.empty')}
          columns={[
            {
              key: 'name',
              header: t('lookup.name'),
              rowHeader: true,
              cell: (row) => (
                <Link to="/customers/$userId" params={{ userId: row.id }} search={{ ref: reference }}>
                  {row.name ?? t('lookup.noName')}
                </Link>
              ),
            },
            { key: 'email', header: t('lookup.email'), cell: (row) => row.email },
            {
              key: 'signedUp',
              header: t('lookup.signedUp'),
              cell: (row) => date.format(new Date(row.signedUpAt)),
            },
          ]}
        />
      </TableScroll>
    </Card>
  );
}

function IbanResults({ reference, matches }: { reference: string; matches: readonly IbanMatch[] }) {
  const { t } = useTranslation('support');
  return (
    <Card padding="none">
      <TableScroll label={t('lookup.ibanResults')}>
        <Table<IbanMatch>
          caption={t('lookup.ibanResults')}
          rows={matches}
          getRowKey={(row) => row.walletId}
          empty={t('lookup.empty')}
          columns={[
            {
              key: 'iban',
              header: t('lookup.iban'),
              rowHeader: true,
              cell: (row) => <code>{row.iban}</code>,
            },
            { key: 'wallet', header: t('lookup.wallet'), cell: (row) => row.name },
            { key: 'asset', header: t('lookup.asset'), cell: (row) => row.asset },
            {
              key: 'open',
              header: t('lookup.open'),
              cell: (row) => (
                <Link
                  to="/customers/$userId"
                  params={{ userId: row.userId }}
                  search={{ ref: reference }}
                  aria-label={t('lookup.openCustomer', { name: row.iban })}
                >
                  {t('lookup.open')}
                </Link>
              ),
            },
          ]}
        />
      </TableScroll>
    </Card>
  );
}
