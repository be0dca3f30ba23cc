import { useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Button, TextField } from '@tessera/ui';
import { HELP_SEARCH_QUERY_MAX_CHARS } from '@tessera/contracts';
import { useTranslation } from '#/lib/i18n.ts';

/**
 * The help centre's search box: a real GET form to /help/search/ (it works before the JavaScript has loaded),
 * navigated by the router once it has.
 */
export function HelpSearchForm({ initialQuery = '' }: { initialQuery?: string }) {
  const { t } = useTranslation('help');
  const navigate = useNavigate();
  const [query, setQuery] = useState(initialQuery);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate({ to: '/help/search/', search: { q: query.trim() } });
  };
  return (
    <form role="search" action="/help/search/" method="get" className="app-help-search" onSubmit={submit}>
      <TextField
        label={t('search.label')}
        hideLabel
        name="q"
        type="search"
        size="lg"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
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
