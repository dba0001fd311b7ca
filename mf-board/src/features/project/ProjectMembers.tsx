import { AvatarGroup, AvatarGroupItem, Button, Text, Tooltip, makeStyles, partitionAvatarGroupItems, tokens } from '@negayno/shared/fluent';
import { AVATAR_GROUP_MAX, BREAKPOINTS, type Project } from '@negayno/shared/contract';
import { fullName } from '@negayno/shared/lib';
import { useNarrowerThan } from '@negayno/shared/ui';
import { useTranslation } from '@negayno/shared/i18n';

const useStyles = makeStyles({
  button: { minWidth: 0, paddingLeft: '4px', paddingRight: '4px', gap: tokens.spacingHorizontalXS },
  more: { color: tokens.colorNeutralForeground2 },
});

/**
 * The members' avatars (at most 6, 3 under `sm`), the owner always among them, so a phone never hides them; one
 * button that opens the users drawer.
 */
export function ProjectMembers(props: { project: Project; onOpen: () => void }) {
  const { t } = useTranslation('board');
  const styles = useStyles();
  const narrow = useNarrowerThan(BREAKPOINTS.sm);
  // Fluent keeps the last items inline and folds the first ones into "+N": the owner goes last.
  const ownerShown = [...props.project.projectUsers].sort((a, b) => Number(a.owner) - Number(b.owner));
  const names = ownerShown.map((member) => (member.firstname ? fullName(member) : member.email));
  const { inlineItems, overflowItems } = partitionAvatarGroupItems({
    items: names,
    maxInlineItems: narrow ? AVATAR_GROUP_MAX.small : AVATAR_GROUP_MAX.default,
  });
  return (
    <Tooltip content={t('toolbar.users')} relationship="label">
      <Button appearance="subtle" className={styles.button} onClick={props.onOpen} data-testid="members-button">
        <AvatarGroup size={28} aria-hidden>
          {inlineItems.map((name, index) => (
            <AvatarGroupItem key={index} name={name} data-testid="member-avatar" />
          ))}
        </AvatarGroup>
        {overflowItems && overflowItems.length > 0 && (
          <Text size={200} weight="semibold" className={styles.more} data-testid="members-more">
            +{overflowItems.length}
          </Text>
        )}
      </Button>
    </Tooltip>
  );
}
