import { useForm } from 'react-hook-form';
import { useNavigate } from '@tanstack/react-router';
import { Button, TextField } from '@tessera/ui';
import { HELP_SEARCH_QUERY_MAX_CHARS } from '@tessera/contracts';
import { useTranslation } from '#/lib/i18n.ts';
import { SUBMIT_VALIDATION } from '#/components/form-options.ts';

/**
 * The help centre's search box: a real GET form to /help/search/ (it works before the JavaScript has loaded),
 * navigated by the router once it has.
 */
export function HelpSearchForm({ initialQuery = '' }: { initialQuery?: string }) {
  const { t } = useTranslation('help');
  const navigate = useNavigate();
  const form = useForm<{ q: string }>({ ...SUBMIT_VALIDATION, defaultValues: { q: initialQuery } });
  const search = ({ q }: { q: string }) => void navigate({ to: '/help/search/', search: { q: q.trim() } });
  return (
    <form
      role="search"
      action="/help/search/"
      method="get"
      className="app-help-search"
      onSubmit={form.handleSubmit(search)}
    >
      <TextField
        label={t('search.label')}
        hideLabel
        type="search"
        size="lg"
        {...form.register('q')}
        // In the pre-rendered page too, before react-hook-form has set the field.
        defaultValue={initialQuery}
        placeholder={t('search.placeholder')}
        maxLength={HELP_SEARCH_QUERY_MAX_CHARS}
        autoComplete="off"
        className="app-help-search__field"
      />
      <Button type="submit" variant="primary" size="lg">
        {t('search.submit')}
      </Button>
    </form>
  );
}
