/**
 * Settings section personalInformation (issue #20): the profile picture (uploaded to user management, which checks
 * it by its bytes, resizes it and keeps it private), the name, birth date and address (user management), and the
 * phone number (the identity service changes it and verifies it with a code, as onboarding and the two-factor
 * settings do).
 */
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type PersonalInformation,
  type PersonalInformationUpdate,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_TYPES,
  profileBirthDateSchema,
} from '@tessera/contracts';
import { Badge, Banner, Button, Skeleton, TextField } from '@tessera/ui';
import {
  AddressFields,
  addressFormDefaults,
  addressFromForm,
  type AddressFormValues,
} from '#/components/address-fields.tsx';
import { NewPhoneForm } from '#/components/new-phone-form.tsx';
import { SUBMIT_VALIDATION } from '#/components/form-options.ts';
import { authErrorKey } from '#/lib/auth-errors.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { formatPhoneNumber } from '#/lib/format.ts';
import { useTranslation } from '#/lib/i18n.ts';
import { useIdentity } from '#/lib/use-identity.ts';
import { usePersonalInformationApi } from '#/shared/account/account-profile-api.ts';
import { ProfileAvatar } from '#/shared/account/profile-avatar.tsx';
import { CodeEntry } from './code-entry.tsx';
import './account-sections.css';

/** The signed-in user's identity attributes (the same cache as onboarding and the two-factor settings). */
const ATTRIBUTES_QUERY_KEY = ['identity', 'attributes'] as const;

export function PersonalInformationSection() {
  const { t } = useTranslation(['account', 'errors']);
  const api = usePersonalInformationApi();
  // Read afresh each time the section opens: the form starts from the server's copy, not the offline cache's.
  const information = useQuery({ ...api.options, refetchOnMount: 'always' });
  if (information.isError) {
    return <Banner tone="danger">{errorMessage(t, information.error)}</Banner>;
  }
  if (information.data === undefined || !information.isFetchedAfterMount) {
    return <Skeleton shape="block" height="12rem" />;
  }
  return (
    <div className="app-stack acct-sections">
      <PictureBlock information={information.data} api={api} />
      <DetailsForm initial={information.data} save={api.save} />
      <PhoneBlock />
    </div>
  );
}

function PictureBlock({
  information,
  api,
}: {
  information: PersonalInformation;
  api: ReturnType<typeof usePersonalInformationApi>;
}) {
  const { t } = useTranslation(['account', 'errors']);
  const input = useRef<HTMLInputElement>(null);
  const [done, setDone] = useState<'saved' | 'removed' | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const uploading = useMutation({ mutationFn: api.uploadPicture, onSuccess: () => setDone('saved') });
  const removing = useMutation({ mutationFn: api.removePicture, onSuccess: () => setDone('removed') });
  const choose = (file: File | undefined) => {
    setDone(null);
    setTooLarge(false);
    uploading.reset();
    if (!file) {
      return;
    }
    // Checked here to spare the upload; the server checks the size and the bytes again.
    if (file.size > PROFILE_PICTURE_MAX_BYTES) {
      setTooLarge(true);
      return;
    }
    uploading.mutate(file);
  };
  const failure = uploading.error ?? removing.error;
  return (
    <section className="acct-block" aria-labelledby="acct-picture-title">
      <h3 id="acct-picture-title" className="acct-block__title">
        {t('picture.title')}
      </h3>
      <div className="acct-picture">
        <ProfileAvatar
          fallback={information.givenName ?? '?'}
          size="lg"
          label={information.picture ? t('picture.current') : t('picture.none')}
        />
        <div className="app-stack">
          <p className="app-muted">{t('picture.hint')}</p>
          {tooLarge ? <Banner tone="danger">{t('errors:api.PROFILE_PICTURE_TOO_LARGE')}</Banner> : null}
          {failure ? <Banner tone="danger">{errorMessage(t, failure)}</Banner> : null}
          {done ? <Banner tone="success">{t(`picture.${done}`)}</Banner> : null}
          <input
            ref={input}
            id="acct-picture-file"
            type="file"
            accept={PROFILE_PICTURE_TYPES.join(',')}
            className="acct-picture__file"
            aria-label={t('picture.choose')}
            onChange={(event) => {
              choose(event.currentTarget.files?.[0]);
              event.currentTarget.value = '';
            }}
          />
          <div className="app-cluster">
            <Button
              variant="secondary"
              loading={uploading.isPending}
              loadingLabel={t('picture.uploading')}
              onClick={() => input.current?.click()}
            >
              {information.picture ? t('picture.replace') : t('picture.upload')}
            </Button>
            {information.picture ? (
              <Button variant="ghost" loading={removing.isPending} onClick={() => removing.mutate()}>
                {t('picture.remove')}
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}

interface DetailsValues extends AddressFormValues {
  givenName: string;
  familyName: string;
  birthDate: string;
}

function DetailsForm({
  initial,
  save,
}: {
  initial: PersonalInformation;
  save: (update: PersonalInformationUpdate) => Promise<PersonalInformation>;
}) {
  const { t } = useTranslation(['account', 'errors']);
  const [done, setDone] = useState(false);
  const form = useForm<DetailsValues>({
    ...SUBMIT_VALIDATION,
    defaultValues: {
      givenName: initial.givenName ?? '',
      familyName: initial.familyName ?? '',
      birthDate: initial.birthDate ?? '',
      ...addressFormDefaults(initial.address),
    },
  });
  const saving = useMutation({ mutationFn: save, onSuccess: () => setDone(true) });
  const { errors } = form.formState;
  const required = (value: string) => value.trim().length > 0 || t('details.required');
  const birthDate = (value: string) => {
    if (value.trim() === '') {
      return t('details.required');
    }
    return profileBirthDateSchema.safeParse(value).success || t('details.birthDateInvalid');
  };
  const submit = form.handleSubmit((values) => {
    setDone(false);
    saving.mutate({
      givenName: values.givenName.trim(),
      familyName: values.familyName.trim(),
      birthDate: values.birthDate,
      address: addressFromForm(values),
    });
  });
  return (
    <form
      className="acct-block app-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="acct-details-title"
    >
      <h3 id="acct-details-title" className="acct-block__title">
        {t('details.title')}
      </h3>
      {saving.isError ? <Banner tone="danger">{errorMessage(t, saving.error)}</Banner> : null}
      {done ? <Banner tone="success">{t('details.saved')}</Banner> : null}
      <div className="acct-grid">
        <TextField
          label={t('details.givenName')}
          autoComplete="given-name"
          maxLength={100}
          required
          error={errors.givenName?.message}
          {...form.register('givenName', { validate: required })}
        />
        <TextField
          label={t('details.familyName')}
          autoComplete="family-name"
          maxLength={100}
          required
          error={errors.familyName?.message}
          {...form.register('familyName', { validate: required })}
        />
        <TextField
          label={t('details.birthDate')}
          hint={t('details.birthDateHint')}
          type="date"
          autoComplete="bday"
          required
          error={errors.birthDate?.message}
          {...form.register('birthDate', { validate: birthDate })}
        />
        <AddressFields
          form={form}
          wideClassName="acct-grid__wide"
          onCountryChange={() => setDone(false)}
          text={{
            line1: t('details.line1'),
            line2: t('details.line2'),
            postalCode: t('details.postalCode'),
            city: t('details.city'),
            country: t('details.country'),
            countryPlaceholder: t('details.chooseCountry'),
            required: t('details.required'),
            chooseCountry: t('details.chooseCountry'),
          }}
        />
      </div>
      <Button type="submit" variant="primary" loading={saving.isPending} loadingLabel={t('details.saving')}>
        {t('details.save')}
      </Button>
    </form>
  );
}

/** The phone number on the identity service: shown, changed (a code goes to the new number), verified. */
function PhoneBlock() {
  const { t } = useTranslation(['account', 'auth', 'errors']);
  const identity = useIdentity();
  const queryClient = useQueryClient();
  const [changing, setChanging] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [verified, setVerified] = useState(false);
  const attributes = useQuery({
    queryKey: ATTRIBUTES_QUERY_KEY,
    queryFn: async () => (await identity()).fetchUserAttributes(),
    gcTime: 0,
  });
  const sending = useMutation({
    mutationFn: async () =>
      (await identity()).sendUserAttributeVerificationCode({ userAttributeKey: 'phone_number' }),
    onSuccess: (sent) => setSentTo(sent.destination ?? attributes.data?.phone_number ?? ''),
  });
  const phone = attributes.data?.phone_number;
  const phoneVerified = attributes.data?.phone_number_verified === 'true';
  const confirm = async (code: string): Promise<string | null> => {
    if (code === '') {
      return t('errors:auth.codeEmpty');
    }
    try {
      await (
        await identity()
      ).confirmUserAttribute({
        userAttributeKey: 'phone_number',
        confirmationCode: code,
      });
    } catch (failure) {
      return t(authErrorKey(failure));
    }
    setSentTo(null);
    setVerified(true);
    await queryClient.invalidateQueries({ queryKey: ATTRIBUTES_QUERY_KEY });
    // The KYC level follows a verified phone (user management reads identity).
    await queryClient.invalidateQueries({ queryKey: ['userManagement'] });
    return null;
  };
  return (
    <section className="acct-block app-stack" aria-labelledby="acct-phone-title">
      <h3 id="acct-phone-title" className="acct-block__title">
        {t('phone.title')}
      </h3>
      {attributes.isError ? <Banner tone="danger">{t(authErrorKey(attributes.error))}</Banner> : null}
      {attributes.isPending ? <Skeleton shape="text" /> : null}
      {verified ? <Banner tone="success">{t('phone.verified')}</Banner> : null}
      {attributes.data && !changing && sentTo === null ? (
        <>
          <p className="acct-phone">
            <span data-tracker-mask="">{phone ? formatPhoneNumber(phone) : t('phone.none')}</span>
            {phone ? (
              <Badge tone={phoneVerified ? 'success' : 'warning'}>
                {phoneVerified ? t('phone.isVerified') : t('phone.notVerified')}
              </Badge>
            ) : null}
          </p>
          <p className="app-muted">{t('phone.hint')}</p>
          {sending.isError ? <Banner tone="danger">{t(authErrorKey(sending.error))}</Banner> : null}
          <div className="app-cluster">
            {phone && !phoneVerified ? (
              <Button variant="primary" loading={sending.isPending} onClick={() => sending.mutate()}>
                {t('phone.sendCode')}
              </Button>
            ) : null}
            <Button
              variant="secondary"
              onClick={() => {
                setVerified(false);
                setChanging(true);
              }}
            >
              {phone ? t('phone.change') : t('phone.add')}
            </Button>
          </div>
        </>
      ) : null}
      {changing ? (
        <NewPhoneForm
          text={{
            label: t('phone.number'),
            hint: t('phone.numberHint'),
            submit: t('phone.sendToNumber'),
            cancel: t('phone.cancel'),
          }}
          note={<p className="app-muted">{t('phone.changeWarning')}</p>}
          onSent={(destination) => {
            setChanging(false);
            setSentTo(destination);
            void queryClient.invalidateQueries({ queryKey: ATTRIBUTES_QUERY_KEY });
          }}
          onCancel={() => setChanging(false)}
        />
      ) : null}
      {sentTo !== null ? (
        <div className="app-stack">
          <p data-tracker-mask="">{t('phone.sent', { phone: formatPhoneNumber(sentTo) })}</p>
          <CodeEntry label={t('phone.code')} submitLabel={t('phone.confirm')} onSubmit={confirm} />
          <div className="app-cluster">
            <Button variant="ghost" loading={sending.isPending} onClick={() => sending.mutate()}>
              {t('phone.resend')}
            </Button>
            <Button variant="ghost" onClick={() => setSentTo(null)}>
              {t('phone.cancel')}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
