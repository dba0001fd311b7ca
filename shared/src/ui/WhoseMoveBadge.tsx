/**
 * "Whose move" (issue 13): who is expected to answer next in a task and since when, on its card and in
 * its drawer. The side that waits longest stands out only by its words; the colour says whose side.
 */
import { Badge } from '@negayno/shared/fluent';
import { ArrowHookUpLeftRegular } from '@fluentui/react-icons';
import type { Language, MoveOf, WhoseMove } from '@negayno/shared/contract';
import { formatDateTime } from '@negayno/shared/lib';
import { useTranslation } from '@negayno/shared/i18n';

const COLORS: Record<MoveOf, 'brand' | 'warning' | 'informative'> = { client: 'brand', manager: 'warning', performer: 'informative' };

export function WhoseMoveBadge(props: { move: WhoseMove; language: Language; testId?: string }) {
  const { t } = useTranslation('chat');
  const since = t('move.since', { date: formatDateTime(props.move.since, props.language) });
  const label = t(`move.${props.move.who}`);
  return (
    <Badge
      appearance="tint"
      color={COLORS[props.move.who]}
      icon={<ArrowHookUpLeftRegular />}
      title={`${label}, ${since}`}
      aria-label={`${label}, ${since}`}
      data-testid={props.testId ?? 'whose-move'}
      data-who={props.move.who}
    >
      {label}
    </Badge>
  );
}
