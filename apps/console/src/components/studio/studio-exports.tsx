import { useMutation } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { Alert, Button, Card, Cluster } from '@tessera/ui';
import { useMemo } from 'react';
import { createBlobReader } from '../../lib/api.ts';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { type ExportFormat, readExport } from './studio-api.ts';
import { studioErrorKey } from './studio-format.ts';

/** A file name from the test's title: letters, digits and hyphens only. */
export function exportFileName(title: string, format: ExportFormat): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'usability-test'}-results.${format}`;
}

/** Saves a Blob under a file name through a temporary link (the exports need the staff token, so no plain link). */
function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the next task is late enough for every browser.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The results as a CSV file (a spreadsheet) and a tagged PDF report, read with the staff token and saved. */
export function StudioExports({ testId, title }: { testId: string; title: string }) {
  const { t } = useTranslation('studio');
  const { auth } = useRouteContext({ from: '/_staff' });
  const read = useMemo(() => createBlobReader(auth), [auth]);
  const download = useMutation({
    mutationFn: async (format: ExportFormat) => {
      save(await readExport(read, testId, format, currentLanguage()), exportFileName(title, format));
    },
  });
  return (
    <Card title={t('exports.title')} headingLevel={2} description={t('exports.lead')}>
      <Cluster gap={3} wrap>
        {(['csv', 'pdf'] as const).map((format) => (
          <Button
            key={format}
            variant="secondary"
            loading={download.isPending && download.variables === format}
            loadingLabel={t('exports.busy')}
            disabled={download.isPending}
            onClick={() => download.mutate(format)}
          >
            {t(`exports.${format}`)}
          </Button>
        ))}
      </Cluster>
      {download.isError ? <Alert>{t(studioErrorKey(download.error))}</Alert> : null}
    </Card>
  );
}
