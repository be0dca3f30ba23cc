import { useEffect, useState } from 'react';

/**
 * A deposit address as a QR code for a wallet app to scan, drawn as SVG (no network, no inline script), as the
 * authenticator set-up draws its QR code (components/totp-qr-code.tsx).
 */
export function AddressQrCode({ value, label }: { value: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode').then(({ toString }) =>
      toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((markup) => {
        if (current) {
          setSvg(markup);
        }
      }),
    );
    return () => {
      current = false;
    };
  }, [value]);
  return svg ? (
    <img
      data-private=""
      className="app-qr"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      width={184}
      height={184}
    />
  ) : null;
}
