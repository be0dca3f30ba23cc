import { useState, type Dispatch, type SetStateAction } from 'react';
import { useForm } from 'react-hook-form';
import { SUBMIT_VALIDATION } from '#/components/form-options.ts';
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  ACTIVITY_KINDS,
  ACTIVITY_SEARCH_MAX_CHARS,
  ACTIVITY_STATUSES,
  type Wallet,
} from '@tessera/contracts';
import { Banner, Button, EmptyState, Select, Skeleton, TextField } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import {
  cashKeys,
  retryUnlessClientError,
  useCashCall,
  type ActivityFilters,
} from '#/shared/cash/api/cash-request.ts';
import { getActivityPage } from '#/shared/cash/api/get-wallet-activity.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { ActivityList } from '#/components/cash/activity-list.tsx';

const ALL = 'all';

/** The wallet's activity, newest first: search, kind and status filters, and "Load more" (cursor pages). */
export function ActivityTab({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const [filters, setFilters] = useState<ActivityFilters>({});
  const activity = useInfiniteQuery({
    queryKey: cashKeys.activity(wallet.id, filters),
    queryFn: ({ pageParam, signal }) => getActivityPage(call, wallet.id, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: retryUnlessClientError,
  });
  const items = activity.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(filters.q || filters.kind || filters.status);

  return (
    <div className="cash-section">
      <ActivityFilterForm filters={filters} onChange={setFilters} />
      {activity.isPending ? <Skeleton shape="block" height="160px" /> : null}
      {activity.isError ? <Banner tone="danger">{errorMessage(t, activity.error)}</Banner> : null}
      {activity.isSuccess && items.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title={filtered ? t('activity.noMatchTitle') : t('activity.emptyTitle')}
          description={filtered ? t('activity.noMatchText') : t('activity.emptyText')}
        />
      ) : null}
      {items.length > 0 ? (
        <ActivityList items={items} label={t('activity.listLabel', { name: wallet.name })} />
      ) : null}
      {activity.hasNextPage ? (
        <Button
          variant="secondary"
          loading={activity.isFetchingNextPage}
          loadingLabel={t('activity.loading')}
          onClick={() => void activity.fetchNextPage()}
        >
          {t('activity.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}

/** Search, kind and status: each change replaces the filters (a search on submit). */
function ActivityFilterForm({
  filters,
  onChange: setFilters,
}: {
  filters: ActivityFilters;
  onChange: Dispatch<SetStateAction<ActivityFilters>>;
}) {
  const { t } = useTranslation('wallets');
  const form = useForm<{ search: string }>({ defaultValues: { search: '' }, ...SUBMIT_VALIDATION });
  const submitSearch = form.handleSubmit(({ search }) =>
    setFilters((current) => ({ ...current, q: search.trim() || undefined })),
  );
  return (
    <form
      className="cash-filters"
      role="search"
      onSubmit={(event) => void submitSearch(event)}
      aria-label={t('activity.filters')}
    >
      <TextField
        label={t('activity.search')}
        type="search"
        maxLength={ACTIVITY_SEARCH_MAX_CHARS}
        {...form.register('search')}
      />
      <Button type="submit" variant="secondary">
        {t('activity.searchSubmit')}
      </Button>
      <Select
        label={t('activity.kind')}
        value={filters.kind ?? ALL}
        onValueChange={(value) =>
          setFilters((current) => ({ ...current, kind: value === ALL ? undefined : value }))
        }
        options={[
          { value: ALL, label: t('activity.allKinds') },
          ...ACTIVITY_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) })),
        ]}
      />
      <Select
        label={t('activity.status')}
        value={filters.status ?? ALL}
        onValueChange={(value) =>
          setFilters((current) => ({ ...current, status: value === ALL ? undefined : value }))
        }
        options={[
          { value: ALL, label: t('activity.allStatuses') },
          ...ACTIVITY_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
        ]}
      />
    </form>
  );
}
