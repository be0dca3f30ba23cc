import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Badge, Card, SegmentedControl, Wordmark } from '@tessera/ui';
import '@tessera/ui/styles.css';
import { MESSAGES, type ConsoleLanguage } from './messages.ts';

function initialLanguage(): ConsoleLanguage {
  const stored = localStorage.getItem('lng') ?? navigator.language;
  return stored.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

function ConsoleShell() {
  const [language, setLanguage] = useState<ConsoleLanguage>(initialLanguage);
  const m = MESSAGES[language];
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return (
    <main
      id="main"
      style={{ maxWidth: 720, margin: '0 auto', padding: '48px 24px', display: 'grid', gap: 24 }}
    >
      <Wordmark title={m.brand} />
      <h1>{m.title}</h1>
      <Card>
        <p>{m.lead}</p>
        <Badge tone="info">{m.signIn}</Badge>
      </Card>
      <SegmentedControl
        label={m.language}
        value={language}
        options={[
          { value: 'en', label: 'English' },
          { value: 'fr', label: 'Français' },
        ]}
        onValueChange={(value) => {
          localStorage.setItem('lng', value);
          setLanguage(value as ConsoleLanguage);
        }}
      />
      <a href="/">{m.back}</a>
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ConsoleShell />
    </StrictMode>,
  );
}
