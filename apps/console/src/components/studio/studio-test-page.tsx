import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router';
import type { StaffUxtTest, UxtTestInput } from '@tessera/contracts';
import { Alert, Button, Card, PageHeader, useToast } from '@tessera/ui';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { createTest, testQueryOptions, testsQueryOptions, updateTest } from './studio-api.ts';
import { StudioEditor } from './studio-editor.tsx';
import { studioErrorKey } from './studio-format.ts';
import { draftOf, emptyDraft } from './studio-form.ts';
import { BackToTests } from './studio-parts.tsx';
import { StudioSharing } from './studio-sharing.tsx';
import { TestOverview } from './studio-test-overview.tsx';
import './studio.css';

/** A new test: the editor, saved as a draft, then the test's own page. */
export function StudioNewPage() {
  const { t } = useTranslation('studio');
  const { api } = useRouteContext({ from: '/_staff' });
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [initial] = useState(emptyDraft);
  const create = useMutation({
    mutationFn: (input: UxtTestInput) => createTest(api, input),
    onSuccess: async (test) => {
      queryClient.setQueryData(testQueryOptions(api, test.id).queryKey, test);
      await queryClient.invalidateQueries({ queryKey: testsQueryOptions(api).queryKey });
      toast.show({ tone: 'success', title: t('editor.created') });
      await navigate({ to: '/studio/$testId', params: { testId: test.id } });
    },
  });
  return (
    <>
      <PageHeader title={t('editor.newTitle')} description={t('editor.newLead')} back={<BackToTests />} />
      <StudioEditor
        initial={initial}
        submitLabel={t('editor.create')}
        busy={create.isPending}
        failure={create.isError ? t(studioErrorKey(create.error)) : null}
        onSubmit={(input) => create.mutate(input)}
      />
    </>
  );
}

/** One test: its state and the actions that change it, the link to share, and its content (editable as a draft). */
export function StudioTestPage({ testId }: { testId: string }) {
  const { t } = useTranslation('studio');
  const { api } = useRouteContext({ from: '/_staff' });
  const test = useQuery(testQueryOptions(api, testId));
  if (test.isError) {
    return (
      <>
        <PageHeader title={t('test.fallbackTitle')} back={<BackToTests />} />
        <Alert>{t(studioErrorKey(test.error))}</Alert>
      </>
    );
  }
  if (!test.data) {
    return <p role="status">{t('console:loading')}</p>;
  }
  return <LoadedTest test={test.data} />;
}

function LoadedTest({ test }: { test: StaffUxtTest }) {
  const { t } = useTranslation('studio');
  return (
    <>
      <PageHeader
        eyebrow={t('test.eyebrow')}
        title={test.title}
        description={test.description || undefined}
        back={<BackToTests />}
        actions={
          <Button asChild variant="secondary">
            <Link to="/studio/$testId/results" params={{ testId: test.id }}>
              {t('test.results')}
            </Link>
          </Button>
        }
      />
      <StudioSharing test={test} />
      {test.status === 'draft' ? <DraftEditor test={test} /> : <TestOverview test={test} />}
    </>
  );
}

function DraftEditor({ test }: { test: StaffUxtTest }) {
  const { t } = useTranslation('studio');
  const { api } = useRouteContext({ from: '/_staff' });
  const toast = useToast();
  const queryClient = useQueryClient();
  // The editor starts from the test as loaded; after a save the page shows what the ingest kept.
  const [initial] = useState(() => draftOf(test));
  const save = useMutation({
    mutationFn: (input: UxtTestInput) => updateTest(api, test.id, input),
    onSuccess: async (saved) => {
      queryClient.setQueryData(testQueryOptions(api, test.id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: testsQueryOptions(api).queryKey });
      toast.show({ tone: 'success', title: t('editor.saved') });
    },
  });
  return (
    <section aria-labelledby="studio-edit-heading" className="studio-section">
      <h2 id="studio-edit-heading" className="studio-section__title">
        {t('editor.editTitle')}
      </h2>
      <Card variant="subtle" padding="sm">
        <p className="studio-muted">{t('editor.draftOnly')}</p>
      </Card>
      <StudioEditor
        initial={initial}
        headingLevel={3}
        submitLabel={t('editor.save')}
        busy={save.isPending}
        failure={save.isError ? t(studioErrorKey(save.error)) : null}
        onSubmit={(input) => save.mutate(input)}
      />
    </section>
  );
}
