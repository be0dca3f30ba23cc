import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Button, Card, Wordmark } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { PageHead } from '#/lib/page-head.tsx';
import { useHydrated } from '#/lib/use-hydrated.ts';

const PLATFORMS = ['iphone', 'android', 'desktop'] as const;
const QR_SIZE_PX = 184;

/**
 * A QR code of this site's address, drawn as SVG in the browser: the address is only known there (the same build
 * serves any origin), and the qrcode library loads only on this page.
 */
function SiteQrCode() {
  const { t } = useTranslation('public');
  const hydrated = useHydrated();
  const [svg, setSvg] = useState<string | null>(null);
  const url = hydrated ? `${window.location.origin}/` : '';
  useEffect(() => {
    if (!url) {
      return;
    }
    let current = true;
    void import('qrcode').then(({ toString }) =>
      toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((markup) => {
        if (current) {
          setSvg(markup);
        }
      }),
    );
    return () => {
      current = false;
    };
  }, [url]);
  return (
    <div className="app-qr-frame">
      {svg ? (
        <img
          className="app-qr"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={t('download.qrAlt', { url })}
          width={QR_SIZE_PX}
          height={QR_SIZE_PX}
        />
      ) : null}
    </div>
  );
}

/** /app/download/: how to install Tessera on a phone or a computer, and a QR code to open it on a phone. */
export function DownloadPage() {
  const { t } = useTranslation(['public', 'common']);
  return (
    <main id="main" className="app-download">
      <PageHead
        title={t('public:download.metaTitle')}
        description={t('public:download.metaDescription')}
        path="/app/download/"
      />
      <div className="app-container app-download__inner">
        <Link to="/" className="app-brand">
          <Wordmark title={t('common:brand')} />
        </Link>
        <div className="app-download__intro">
          <h1 className="app-page-title">{t('public:download.title')}</h1>
          <p className="app-hero__lead">{t('public:download.lead')}</p>
        </div>
        <div className="app-download__grid">
          <Card as="section" title={t('public:download.qrTitle')} className="app-download__qr">
            <SiteQrCode />
            <p className="app-muted">{t('public:download.qrText')}</p>
          </Card>
          <div className="app-download__platforms">
            {PLATFORMS.map((platform) => (
              <Card key={platform} as="section" title={t(`public:download.platforms.${platform}.title`)}>
                <ol className="app-ordered">
                  {(
                    t(`public:download.platforms.${platform}.steps`, { returnObjects: true }) as string[]
                  ).map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ol>
              </Card>
            ))}
          </div>
        </div>
        <Card as="section" title={t('public:download.why.title')}>
          <ul className="app-checklist">
            {(t('public:download.why.items', { returnObjects: true }) as string[]).map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </Card>
        <div className="app-hero__actions">
          <Button asChild variant="primary" size="lg">
            <Link to="/register">{t('public:shared.openAccount')}</Link>
          </Button>
          <Button asChild variant="secondary" size="lg">
            <Link to="/">{t('public:download.back')}</Link>
          </Button>
        </div>
      </div>
    </main>
  );
}
