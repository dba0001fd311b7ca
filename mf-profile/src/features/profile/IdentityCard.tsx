import { Avatar, Badge, Button, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { CameraRegular, DeleteRegular, FlashRegular } from '@fluentui/react-icons';
import { AVATAR, type UserProfile } from '@negayno/shared/contract';
import { fullName } from '@negayno/shared/lib';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { useSubmit } from './useSubmit';

const useStyles = makeStyles({
  identity: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  who: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0, flex: '1 1 200px' },
  name: { wordBreak: 'break-word' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
  hint: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  hidden: { display: 'none' },
});

/** Who the user is: avatar (upload, remove), name, role and whether the Negayno button is theirs. */
export const IdentityCard = observer(function IdentityCard({ user }: { user: UserProfile }) {
  const { profile } = useStores();
  const { t } = useTranslation(['profile', 'common']);
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const upload = useSubmit(['file']);

  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (file) void upload.run(() => profile.uploadAvatar(file));
  };

  return (
    <div className={styles.identity}>
      <Avatar name={fullName(user)} size={96} color="colorful" image={user.avatarUrl ? { src: user.avatarUrl } : undefined} data-testid="profile-avatar" />
      <div className={styles.who}>
        <Text as="h1" size={700} weight="semibold" block className={styles.name} data-testid="profile-name">
          {fullName(user)}
        </Text>
        <div className={styles.actions}>
          <Text data-testid="profile-role">{t(`common:roles.${user.role === 'user' ? 'client' : user.role}`)}</Text>
          <Badge
            appearance={user.canNegayno ? 'filled' : 'outline'}
            color={user.canNegayno ? 'brand' : 'informative'}
            icon={<FlashRegular />}
            title={user.canNegayno ? t('negayno.on') : t('negayno.off')}
            data-testid="profile-negayno"
          >
            {t('negayno.title')}
          </Badge>
        </div>
        <div className={styles.actions}>
          <input
            ref={input}
            className={styles.hidden}
            type="file"
            accept={AVATAR.types.join(',')}
            onChange={(event) => onFile(event.target.files?.[0])}
            data-testid="avatar-input"
            tabIndex={-1}
            aria-hidden
          />
          <Button icon={<CameraRegular />} disabled={upload.busy} onClick={() => input.current?.click()} data-testid="avatar-upload">
            {upload.busy ? t('avatar.uploading') : t('avatar.change')}
          </Button>
          {user.avatarUrl && (
            <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => void upload.run(() => profile.deleteAvatar())} data-testid="avatar-delete">
              {t('avatar.remove')}
            </Button>
          )}
        </div>
        {(upload.errorOf('file') ?? upload.errorOf()) ? (
          <Text className={styles.error} role="alert" data-testid="avatar-error">
            {upload.errorOf('file') ?? upload.errorOf()}
          </Text>
        ) : (
          <Text size={200} className={styles.hint}>
            {t('avatar.hint')}
          </Text>
        )}
      </div>
    </div>
  );
});
