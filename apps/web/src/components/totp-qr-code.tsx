import { useEffect, useState } from 'react';
import { useTranslation } from '#/lib/i18n.ts';

/** The otpauth:// URI as a QR code for an authenticator app, drawn as SVG (no network, no inline script). */
export function TotpQrCode({ uri }: { uri: string }) {
  const { t } = useTranslation('auth');
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode').then(({ toString }) =>
      toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((markup) => {
        if (current) {
          setSvg(markup);
        }
      }),
    );
    return () => {
      current = false;
    };
  }, [uri]);
  return svg ? (
    <img
      data-private=""
      className="app-qr"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={t('mfa.qrAlt')}
      width={184}
      height={184}
    />
  ) : null;
}
