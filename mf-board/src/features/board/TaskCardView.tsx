import { AvatarGroup, AvatarGroupItem, Badge, CounterBadge, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { AttachRegular, FlashFilled, FlagFilled, FolderRegular, PauseCircleRegular } from '@fluentui/react-icons';
import { taskPath, type CardColor, type CardShows, type PersonRef, type TaskCard, type TaskFilter, type TaskRouteQuery } from '@negayno/shared/contract';
import { fullName } from '@negayno/shared/lib';
import { WhoseMoveBadge } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useTranslation } from '@negayno/shared/i18n';
import { Link } from 'react-router-dom';
import { useWorkStores } from '@negayno/shared/work-stores';

const COLOR_TOKENS: Record<CardColor, string> = {
  rootYellow: tokens.colorPaletteYellowBorderActive,
  rootBlue: tokens.colorPaletteBlueBorderActive,
  rootGreen: tokens.colorPaletteGreenBorderActive,
  rootGrey: tokens.colorNeutralStroke1,
  rootRed: tokens.colorPaletteRedBorderActive,
  rootOrange: tokens.colorPaletteDarkOrangeBorderActive,
  rootError: tokens.colorStatusDangerBorderActive,
};

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderLeftWidth: '4px',
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    boxShadow: tokens.shadow2,
    ':hover': { boxShadow: tokens.shadow8, backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  top: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, color: tokens.colorNeutralForeground3 },
  spacer: { flexGrow: 1 },
  name: { display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', wordBreak: 'break-word' },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  importance: { color: tokens.colorPaletteDarkOrangeForeground1 },
  attachments: { display: 'inline-flex', alignItems: 'center', gap: '2px', color: tokens.colorNeutralForeground3 },
  footer: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0, color: tokens.colorNeutralForeground3 },
  project: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    minWidth: 0,
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    textOverflow: 'ellipsis',
  },
});

function People(props: { label: string; people: PersonRef[]; testId: string }) {
  if (props.people.length === 0) return null;
  return (
    <AvatarGroup layout="stack" size={20} aria-label={props.label} data-testid={props.testId}>
      {props.people.slice(0, 4).map((person) => (
        <AvatarGroupItem key={person.id} name={fullName(person)} />
      ))}
    </AvatarGroup>
  );
}

/**
 * A kanban card; a link to the task drawer, so Enter and middle-click work as people expect. `extras`:
 * what the viewer's cards show besides the basics, as the profile's board view says (spec 6).
 */
/** A card of the all-projects board opens its task over that board, with the board's filter kept (issue 33). */
function allBoardQuery(filter: TaskFilter): TaskRouteQuery {
  return {
    board: 'all',
    projectId: filter.projectId ? Number(filter.projectId) : undefined,
    taskName: filter.taskName,
    taskNumber: filter.taskNumber ? Number(filter.taskNumber) : undefined,
  };
}

export const TaskCardView = observer(function TaskCardView(props: { card: TaskCard; extras: CardShows }) {
  const { card, extras } = props;
  const showFooter = extras.project || (extras.performers && card.performers.length > 0) || (extras.managers && card.managers.length > 0);
  const { t, i18n } = useTranslation('board');
  const styles = useStyles();
  const unread = card.unreadMessageCounters.main.count + card.unreadMessageCounters.work.count;
  const { chats, board } = useWorkStores();
  // The chat's reads start as the card is pressed (or opened from the keyboard), while the drawer's
  // code is still on its way: its pane then finds them read or under way.
  const prefetchChats = () => chats.prefetch(card);
  return (
    <Link
      to={board.scope?.kind === 'all' ? taskPath(card.id, allBoardQuery(board.filter)) : taskPath(card.id, { projectId: card.project.id })}
      onPointerDown={prefetchChats}
      onClick={prefetchChats}
      className={styles.card}
      style={{ borderLeftColor: card.color ? COLOR_TOKENS[card.color] : tokens.colorNeutralStroke2 }}
      data-testid="task-card"
      data-task-id={card.id}
    >
      <div className={styles.top}>
        <Text size={200}>#{card.number}</Text>
        {card.importance > 0 && (
          // A plain title, not a Tooltip: a board paints hundreds of cards and a Tooltip each costs the first paint.
          <span className={styles.importance} title={t('importance', { level: card.importance })} aria-label={t('importance', { level: card.importance })}>
            <FlagFilled aria-hidden /> {card.importance}
          </span>
        )}
        <span className={styles.spacer} />
        {card.attachmentCount > 0 && (
          <span
            className={styles.attachments}
            title={t('attachments', { count: card.attachmentCount })}
            aria-label={t('attachments', { count: card.attachmentCount })}
            data-testid="card-attachments"
          >
            <AttachRegular aria-hidden /> {card.attachmentCount}
          </span>
        )}
        {unread > 0 && <CounterBadge count={unread} overflowCount={999} size="small" aria-label={t('unread', { count: unread })} data-testid="card-unread" />}
      </div>
      <Text weight="semibold" className={styles.name}>
        {card.name}
      </Text>
      {(card.negayno || card.paused || card.whoseMove) && (
        <div className={styles.badges}>
          {card.whoseMove && <WhoseMoveBadge move={card.whoseMove} language={i18n.language === 'en' ? 'en' : 'uk'} testId="card-whose-move" />}
          {card.negayno && (
            <Badge appearance="tint" color="danger" icon={<FlashFilled />}>
              {t('negayno')}
            </Badge>
          )}
          {card.paused && (
            <Badge appearance="tint" color="subtle" icon={<PauseCircleRegular />}>
              {t('paused')}
            </Badge>
          )}
        </div>
      )}
      {showFooter && (
        <div className={styles.footer}>
          {extras.project && (
            <Text size={200} className={styles.project} data-testid="card-project">
              <FolderRegular aria-hidden /> {card.project.name}
            </Text>
          )}
          <span className={styles.spacer} />
          {extras.performers && <People label={t('performers')} people={card.performers} testId="card-performers" />}
          {extras.managers && <People label={t('managers')} people={card.managers} testId="card-managers" />}
        </div>
      )}
    </Link>
  );
});
