import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Banner, Button, Card, SegmentedControl, Skeleton } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { formatPhoneNumber } from '#/lib/format.ts';
import { formatDateTime } from '#/lib/format.ts';
import { authErrorKey } from '#/lib/auth-errors.ts';
import { useIdentity } from '#/lib/use-identity.ts';
import { TotpQrCode } from '#/components/totp-qr-code.tsx';
import { CodeEntry } from './code-entry.tsx';

const MFA_QUERY_KEY = ['identity', 'mfa'] as const;
const ATTRIBUTES_QUERY_KEY = ['identity', 'attributes'] as const;
const DEVICES_QUERY_KEY = ['identity', 'devices'] as const;

/** The preferred-method choice: one of the enabled methods, or no preference (SELECT_MFA_TYPE at sign-in). */
const ASK_EACH_TIME = 'ASK';

type Identity = Awaited<ReturnType<ReturnType<typeof useIdentity>>>;
type MfaPreferenceInput = Parameters<Identity['updateMFAPreference']>[0];

/** What SetUserMFAPreference gets for a choice of preferred method. */
export function preferenceFor(choice: string): MfaPreferenceInput {
  if (choice === 'TOTP') {
    return { totp: 'PREFERRED', sms: 'ENABLED' };
  }
  if (choice === 'SMS') {
    return { sms: 'PREFERRED', totp: 'ENABLED' };
  }
  // Both stay on and neither is preferred: the sign-in asks which one (SELECT_MFA_TYPE).
  return { totp: 'NOT_PREFERRED', sms: 'NOT_PREFERRED' };
}

/**
 * Settings → Two-factor authentication: authenticator app (TOTP with a QR code), text messages (after verifying
 * the phone number), the preferred method or a choice at each sign-in, turning it off, and the devices
 * remembered for this account.
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
  const update = async (input: MfaPreferenceInput) => {
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
          value={preferred ?? ASK_EACH_TIME}
          options={[
            ...enabled.map((type) => ({ value: type, label: t(`auth:mfa.types.${type}`) })),
            { value: ASK_EACH_TIME, label: t('auth:mfaSettings.askEachTime') },
          ]}
          onValueChange={(value) => void update(preferenceFor(value))}
        />
      ) : null}
      <div className="app-cluster">
        {enabled.includes('SMS') ? null : (
          <SmsSetup onReady={() => void update({ sms: enabled.length ? 'ENABLED' : 'PREFERRED' })} />
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
      <p className="app-muted" data-private="">
        {t('auth:mfa.secret', { secret: setup.secret })}
      </p>
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

/**
 * Codes by text message need a verified phone number (the identity service refuses SMS MFA otherwise): a number
 * that is not verified yet gets a code by SMS first, then SMS is turned on.
 */
function SmsSetup({ onReady }: { onReady: () => void }) {
  const { t } = useTranslation(['dashboard', 'auth']);
  const identity = useIdentity();
  const queryClient = useQueryClient();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const attributes = useQuery({
    queryKey: ATTRIBUTES_QUERY_KEY,
    queryFn: async () => (await identity()).fetchUserAttributes(),
    gcTime: 0,
  });
  if (attributes.isPending) {
    return null;
  }
  const phone = attributes.data?.phone_number;
  if (!phone) {
    return <p className="app-muted">{t('auth:mfaSettings.noPhone')}</p>;
  }
  if (attributes.data?.phone_number_verified === 'true') {
    return (
      <Button variant="secondary" onClick={onReady}>
        {t('dashboard:security.enableSms')}
      </Button>
    );
  }
  const sendCode = async () => {
    setError(null);
    try {
      const sent = await (
        await identity()
      ).sendUserAttributeVerificationCode({ userAttributeKey: 'phone_number' });
      setSentTo(sent.destination ?? phone);
    } catch (failure) {
      setError(t(authErrorKey(failure)));
    }
  };
  if (sentTo === null) {
    return (
      <>
        {error ? <Banner tone="danger">{error}</Banner> : null}
        <Button variant="secondary" onClick={() => void sendCode()}>
          {t('auth:mfaSettings.verifyPhone', { phone: formatPhoneNumber(phone) })}
        </Button>
      </>
    );
  }
  return (
    <Card className="app-stack">
      <p>{t('auth:mfaSettings.verifyPhoneLead', { phone: formatPhoneNumber(sentTo) })}</p>
      <CodeEntry
        label={t('auth:mfa.smsLabel')}
        submitLabel={t('auth:mfaSettings.confirmPhone')}
        onSubmit={async (code) => {
          try {
            await (
              await identity()
            ).confirmUserAttribute({ userAttributeKey: 'phone_number', confirmationCode: code });
            await queryClient.invalidateQueries({ queryKey: ATTRIBUTES_QUERY_KEY });
            onReady();
            return null;
          } catch (failure) {
            return t(authErrorKey(failure));
          }
        }}
      />
    </Card>
  );
}

/** The devices that may skip the code at sign-in (remembered ones: a device tracked but not remembered may not). */
function RememberedDevices() {
  const { t, i18n } = useTranslation(['dashboard', 'auth']);
  const identity = useIdentity();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const devices = useQuery({
    queryKey: DEVICES_QUERY_KEY,
    queryFn: async () => (await identity()).fetchDevices(),
    gcTime: 0,
  });
  const remembered = (devices.data ?? []).filter(
    (device) => device.attributes['dev:device_remembered_status'] === 'remembered',
  );
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const forget = async (id: string) => {
    setError(null);
    try {
      await (await identity()).forgetDevice({ device: { id } });
      await queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY });
    } catch (failure) {
      setError(t(authErrorKey(failure)));
    }
  };
  return (
    <section className="app-stack" aria-labelledby="devices-title">
      <h3 id="devices-title" className="app-settings__subtitle">
        {t('dashboard:security.devices')}
      </h3>
      {error ? <Banner tone="danger">{error}</Banner> : null}
      {devices.data && remembered.length === 0 ? (
        <p className="app-muted">{t('dashboard:security.noDevices')}</p>
      ) : null}
      {devices.isError ? <p className="app-muted">{t('dashboard:security.devicesUnavailable')}</p> : null}
      <ul className="app-list">
        {remembered.map((device) => {
          const name = device.name || t('auth:device.unnamed');
          return (
            <li key={device.id} className="app-list__row">
              <span className="app-stack">
                <span>{name}</span>
                {device.lastAuthenticatedDate ? (
                  <span className="app-muted">
                    {t('auth:device.lastUsed', {
                      date: formatDateTime(device.lastAuthenticatedDate, language),
                    })}
                  </span>
                ) : null}
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('auth:device.forgetNamed', { name })}
                onClick={() => void forget(device.id)}
              >
                {t('dashboard:security.forgetDevice')}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
