import { Link } from '@tanstack/react-router';
import {
  Button,
  DropdownMenu,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
} from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { useSignOut } from '#/lib/use-sign-out.ts';
import { ProfileAvatar } from '#/shared/account/profile-avatar.tsx';

/** The signed-in person's menu: who is signed in, settings, help and sign-out. */
export function AccountMenu({ email }: { email: string }) {
  const { t } = useTranslation('common');
  const signOut = useSignOut();
  return (
    <DropdownMenu
      trigger={
        <Button variant="ghost" aria-label={t('account.menu')}>
          <ProfileAvatar fallback={email} />
          <span className="app-account__trigger" data-tracker-mask="">
            {email}
          </span>
        </Button>
      }
    >
      <DropdownMenuLabel data-tracker-mask="">{t('account.signedInAs', { email })}</DropdownMenuLabel>
      <DropdownMenuSeparator />
      <DropdownMenuItem asChild>
        <Link to="/dashboard/settings/">{t('account.settings')}</Link>
      </DropdownMenuItem>
      <DropdownMenuItem asChild>
        <Link to="/help/">{t('account.help')}</Link>
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={() => void signOut()}>{t('actions.signOut')}</DropdownMenuItem>
    </DropdownMenu>
  );
}
