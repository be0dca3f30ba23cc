import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Banner, Button, Card, SegmentedControl, Skeleton } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { authErrorKey } from '#/lib/auth-errors.ts';
import { useIdentity } from '#/lib/use-identity.ts';
import { TotpQrCode } from '#/components/totp-qr-code.tsx';
import { CodeEntry } from './code-entry.tsx';

const MFA_QUERY_KEY = ['identity', 'mfa'] as const;
const DEVICES_QUERY_KEY = ['identity', 'devices'] as const;

/**
 * Settings → Two-factor authentication: authenticator app (TOTP with a QR code), text messages, the preferred
 * method, turning it off, and the devices remembered for this account.
 */
export function MfaSection() {
  const { t } = useTranslation(['dashboard', 'auth']);
  const identity = useIdentity();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const preference = useQuery({
    queryKey: MFA_QUERY_KEY,
    queryFn: async () => (await identity()).fetchMFAPreference(),
    gcTime: 0,
  });
  const update = async (
    input: Parameters<Awaited<ReturnType<typeof identity>>['updateMFAPreference']>[0],
  ) => {
    setError(null);
    try {
      await (await identity()).updateMFAPreference(input);
      await queryClient.invalidateQueries({ queryKey: MFA_QUERY_KEY });
    } catch (failure) {
      setError(t(authErrorKey(failure)));
    }
  };
  if (preference.isPending) {
    return <Skeleton shape="block" height="120px" />;
  }
  const enabled = preference.data?.enabled ?? [];
  const preferred = preference.data?.preferred;
  return (
    <div className="app-stack">
      {error ? <Banner tone="danger">{error}</Banner> : null}
      <p>
        {enabled.length > 0 ? (
          <Badge tone="success">{t('dashboard:security.mfaOn')}</Badge>
        ) : (
          <Badge tone="warning">{t('dashboard:security.mfaOff')}</Badge>
        )}
      </p>
      {enabled.includes('TOTP') ? null : <TotpSetup onDone={() => void update({ totp: 'PREFERRED' })} />}
      {enabled.length > 1 ? (
        <SegmentedControl
          label={t('dashboard:security.preferred')}
          value={preferred ?? enabled[0]}
          options={enabled.map((type) => ({ value: type, label: t(`auth:mfa.types.${type}`) }))}
          onValueChange={(value) =>
            void update(
              value === 'TOTP'
                ? { totp: 'PREFERRED', sms: 'ENABLED' }
                : { sms: 'PREFERRED', totp: 'ENABLED' },
            )
          }
        />
      ) : null}
      <div className="app-cluster">
        {enabled.includes('SMS') ? null : (
          <Button
            variant="secondary"
            onClick={() => void update({ sms: enabled.length ? 'ENABLED' : 'PREFERRED' })}
          >
            {t('dashboard:security.enableSms')}
          </Button>
        )}
        {enabled.length > 0 ? (
          <Button variant="danger" onClick={() => void update({ totp: 'DISABLED', sms: 'DISABLED' })}>
            {t('dashboard:security.disableMfa')}
          </Button>
        ) : null}
      </div>
      <RememberedDevices />
    </div>
  );
}

function TotpSetup({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['dashboard', 'auth']);
  const identity = useIdentity();
  const [setup, setSetup] = useState<{ uri: string; secret: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    try {
      const auth = await identity();
      const [details, user] = await Promise.all([auth.setUpTOTP(), auth.getCurrentUser()]);
      setSetup({
        uri: details.getSetupUri('Tessera', user.username).toString(),
        secret: details.sharedSecret,
      });
    } catch (failure) {
      setError(t(authErrorKey(failure)));
    }
  };
  if (!setup) {
    return (
      <>
        {error ? <Banner tone="danger">{error}</Banner> : null}
        <Button variant="primary" onClick={() => void start()}>
          {t('dashboard:security.enableTotp')}
        </Button>
      </>
    );
  }
  return (
    <Card className="app-stack">
      <p>{t('auth:mfa.setupLead')}</p>
      <TotpQrCode uri={setup.uri} />
      <p className="app-muted">{t('auth:mfa.secret', { secret: setup.secret })}</p>
      <CodeEntry
        label={t('auth:mfa.totpLabel')}
        submitLabel={t('auth:mfa.activate')}
        onSubmit={async (code) => {
          try {
            await (await identity()).verifyTOTPSetup({ code });
            onDone();
            return null;
          } catch (failure) {
            return t(authErrorKey(failure));
          }
        }}
      />
    </Card>
  );
}

function RememberedDevices() {
  const { t } = useTranslation('dashboard');
  const identity = useIdentity();
  const queryClient = useQueryClient();
  const devices = useQuery({
    queryKey: DEVICES_QUERY_KEY,
    queryFn: async () => (await identity()).fetchDevices(),
    gcTime: 0,
  });
  return (
    <section className="app-stack" aria-labelledby="devices-title">
      <h3 id="devices-title" className="app-settings__subtitle">
        {t('security.devices')}
      </h3>
      {devices.data && devices.data.length === 0 ? (
        <p className="app-muted">{t('security.noDevices')}</p>
      ) : null}
      {devices.isError ? <p className="app-muted">{t('security.devicesUnavailable')}</p> : null}
      <ul className="app-list">
        {(devices.data ?? []).map((device) => (
          <li key={device.id} className="app-list__row">
            <span>{device.name ?? device.id}</span>
            <Button
              variant="ghost"
              size="sm"
              onClick={async () => {
                await (await identity()).forgetDevice({ device: { id: device.id } });
                await queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY });
              }}
            >
              {t('security.forgetDevice')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
