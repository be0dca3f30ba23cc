import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { personalInformationQueryOptions, useProfilePictureUrl } from './account-profile-api.ts';
import './account.css';

/**
 * The signed-in customer's picture (fetched with their token: it is never public), or their initial when they have
 * none. Decorative next to a text that names the person (`label` gives it a name when it stands alone).
 */
export function ProfileAvatar({
  fallback,
  size = 'sm',
  label,
}: {
  fallback: string;
  size?: 'sm' | 'lg';
  label?: string;
}) {
  const router = useRouter();
  const information = useQuery(personalInformationQueryOptions(router.options.context.api));
  const url = useProfilePictureUrl(information.data?.picture?.updatedAt);
  const initial = (information.data?.givenName ?? fallback).trim().charAt(0).toUpperCase() || '?';
  return (
    <span
      className={`acct-avatar acct-avatar--${size}`}
      // A face: never in a session recording (the tracker blocks data-private).
      data-private=""
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {url ? <img src={url} alt="" className="acct-avatar__image" /> : <span>{initial}</span>}
    </span>
  );
}
