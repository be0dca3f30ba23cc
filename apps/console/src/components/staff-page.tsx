import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  PageHeader,
  Table,
  TableScroll,
  TextField,
  useToast,
} from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../lib/api.ts';
import { STAFF_GROUPS, type StaffGroup } from '../lib/auth.ts';
import { currentLanguage, useTranslation } from '../lib/i18n.ts';

interface StaffMember {
  id: string;
  email: string;
  groups: StaffGroup[];
  enabled: boolean;
  status: string;
  mfaEnabled: boolean;
  createdAt: string;
}

function apiErrorKey(error: unknown): string {
  return error instanceof ApiError ? `errors.${error.code}` : 'errors.INTERNAL';
}

/** Admins: every staff member, an invitation form, and per member groups, disable/enable, second-factor reset. */
export function StaffPage() {
  const { t } = useTranslation();
  const { api, session } = useRouteContext({ from: '/_staff' });
  const staff = useQuery({
    queryKey: ['staff'],
    queryFn: () => api<{ members: StaffMember[] }>('GET', '/api/identity/staff'),
  });
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <>
      <PageHeader title={t('staff.title')} description={t('staff.lead')} />
      <InviteForm />
      {staff.isError ? <Alert>{t(apiErrorKey(staff.error))}</Alert> : null}
      <Card padding="none">
        <TableScroll label={t('staff.tableCaption')}>
          <Table<StaffMember>
            caption={t('staff.tableCaption')}
            rows={staff.data?.members ?? []}
            getRowKey={(row) => row.id}
            empty={staff.isPending ? t('loading') : t('staff.empty')}
            columns={[
              { key: 'email', header: t('staff.email'), rowHeader: true, cell: (row) => row.email },
              {
                key: 'groups',
                header: t('staff.groups'),
                cell: (row) =>
                  editing === row.id ? (
                    <GroupsEditor
                      member={row}
                      self={row.id === session.userId}
                      onDone={() => setEditing(null)}
                    />
                  ) : (
                    row.groups.map((group) => t(`groups.${group}`)).join(', ')
                  ),
              },
              {
                key: 'state',
                header: t('staff.state'),
                cell: (row) => (
                  <span className="console-badges">
                    <Badge tone={row.enabled ? 'success' : 'neutral'}>
                      {row.enabled ? t('staff.enabled') : t('staff.disabled')}
                    </Badge>
                    {row.status === 'FORCE_CHANGE_PASSWORD' ? (
                      <Badge tone="info">{t('staff.invited')}</Badge>
                    ) : null}
                    <Badge tone={row.mfaEnabled ? 'success' : 'warning'}>
                      {row.mfaEnabled ? t('staff.mfaOn') : t('staff.mfaOff')}
                    </Badge>
                  </span>
                ),
              },
              {
                key: 'actions',
                header: t('staff.actions'),
                cell: (row) => (
                  <MemberActions
                    member={row}
                    self={row.id === session.userId}
                    onEditGroups={() => setEditing(row.id)}
                  />
                ),
              },
            ]}
          />
        </TableScroll>
      </Card>
    </>
  );
}

function useStaffChange() {
  const { api } = useRouteContext({ from: '/_staff' });
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ method, path, body }: { method: string; path: string; body?: unknown; done: string }) =>
      api<StaffMember>(method, path, body),
    onSuccess: async (member, { done }) => {
      toast.show({ tone: 'success', title: t(done, { email: member.email }) });
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
    },
    onError: (error) => toast.show({ tone: 'danger', title: t(apiErrorKey(error)) }),
  });
}

function InviteForm() {
  const { t } = useTranslation();
  const change = useStaffChange();
  const [groups, setGroups] = useState<StaffGroup[]>(['support_agent']);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '').trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      setProblem('staff.invalidEmail');
      return;
    }
    if (groups.length === 0) {
      setProblem('staff.noGroup');
      return;
    }
    setProblem(null);
    change.mutate(
      {
        method: 'POST',
        path: '/api/identity/staff',
        body: { email, groups, locale: currentLanguage() },
        done: 'staff.invitedToast',
      },
      { onSuccess: () => form.reset() },
    );
  };
  return (
    <Card title={t('staff.inviteTitle')} description={t('staff.inviteLead')} headingLevel={2}>
      <form onSubmit={submit} className="console-form console-form--inline" noValidate>
        <TextField
          label={t('staff.email')}
          name="email"
          type="email"
          autoComplete="off"
          required
          error={problem === 'staff.invalidEmail' ? t(problem) : undefined}
        />
        <fieldset className="console-groups">
          <legend>{t('staff.groups')}</legend>
          <GroupChoices value={groups} onChange={setGroups} />
          {problem === 'staff.noGroup' ? <p className="console-error">{t(problem)}</p> : null}
        </fieldset>
        <Button type="submit" loading={change.isPending} loadingLabel={t('staff.inviting')}>
          {t('staff.invite')}
        </Button>
      </form>
    </Card>
  );
}

function GroupChoices({ value, onChange }: { value: StaffGroup[]; onChange: (next: StaffGroup[]) => void }) {
  const { t } = useTranslation();
  return (
    <>
      {STAFF_GROUPS.map((group) => (
        <Checkbox
          key={group}
          label={t(`groups.${group}`)}
          checked={value.includes(group)}
          onCheckedChange={(checked) =>
            onChange(checked === true ? [...value, group] : value.filter((other) => other !== group))
          }
        />
      ))}
    </>
  );
}

function GroupsEditor({ member, self, onDone }: { member: StaffMember; self: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const change = useStaffChange();
  const [groups, setGroups] = useState<StaffGroup[]>(member.groups);
  return (
    <fieldset className="console-groups">
      <legend>{t('staff.groupsOf', { email: member.email })}</legend>
      <GroupChoices value={groups} onChange={setGroups} />
      {self ? <p className="console-muted">{t('staff.selfAdmin')}</p> : null}
      <span className="console-badges">
        <Button
          size="sm"
          disabled={groups.length === 0}
          loading={change.isPending}
          onClick={() =>
            change.mutate(
              {
                method: 'PUT',
                path: `/api/identity/staff/${member.id}/groups`,
                body: { groups },
                done: 'staff.groupsToast',
              },
              { onSuccess: onDone },
            )
          }
        >
          {t('staff.saveGroups')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t('staff.cancel')}
        </Button>
      </span>
    </fieldset>
  );
}

function MemberActions({
  member,
  self,
  onEditGroups,
}: {
  member: StaffMember;
  self: boolean;
  onEditGroups: () => void;
}) {
  const { t } = useTranslation();
  const change = useStaffChange();
  return (
    <span className="console-badges">
      <Button
        size="sm"
        variant="secondary"
        onClick={onEditGroups}
        aria-label={t('staff.changeGroupsOf', { email: member.email })}
      >
        {t('staff.changeGroups')}
      </Button>
      {self ? null : (
        <Button
          size="sm"
          variant="secondary"
          aria-label={t(member.enabled ? 'staff.disableOf' : 'staff.enableOf', { email: member.email })}
          onClick={() =>
            change.mutate({
              method: 'POST',
              path: `/api/identity/staff/${member.id}/${member.enabled ? 'disable' : 'enable'}`,
              done: member.enabled ? 'staff.disabledToast' : 'staff.enabledToast',
            })
          }
        >
          {member.enabled ? t('staff.disable') : t('staff.enable')}
        </Button>
      )}
      <Button
        size="sm"
        variant="secondary"
        aria-label={t('staff.resetMfaOf', { email: member.email })}
        onClick={() => {
          if (window.confirm(t('staff.resetMfaConfirm', { email: member.email }))) {
            change.mutate({
              method: 'POST',
              path: `/api/identity/staff/${member.id}/reset-mfa`,
              done: 'staff.resetMfaToast',
            });
          }
        }}
      >
        {t('staff.resetMfa')}
      </Button>
    </span>
  );
}
