/**
 * The description (spec 2): the editor for those who may edit, read-only HTML for the rest, the empty
 * state with its hint, and the 'saved' tick for 2 s after a save.
 */
import { Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { CheckmarkCircleRegular, TextDescriptionRegular } from '@fluentui/react-icons';
import type { Task } from '@negayno/shared/contract';
import { descriptionToHtml, isEmptyHtml } from '@negayno/shared/lib';
import { EmptyState } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { DescriptionEditor } from './DescriptionEditor';
import type { DescriptionStore } from './description-store';
import { useDescriptionStyles } from './description-styles';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginTop: tokens.spacingVerticalL },
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minHeight: '24px' },
  saved: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, color: tokens.colorPaletteGreenForeground1 },
});

export const DescriptionSection = observer(function DescriptionSection(props: { task: Task; store: DescriptionStore }) {
  const { t } = useTranslation('task');
  const styles = useStyles();
  const descriptionStyles = useDescriptionStyles();
  const { store, task } = props;
  // Read-only: addresses typed as text are links, as in the chat (issue 33).
  const html = useMemo(() => (isEmptyHtml(store.description) ? '' : descriptionToHtml(store.description)), [store.description]);
  const editable = task.can.edit && task.dateArchived === null;

  return (
    <section className={styles.section} aria-labelledby="task-description-title" data-testid="task-description">
      <div className={styles.title}>
        <Text as="h3" weight="semibold" id="task-description-title">
          {t('description')}
        </Text>
        <span role="status" aria-live="polite">
          {store.saved && (
            <span className={styles.saved} data-testid="description-saved">
              <CheckmarkCircleRegular aria-hidden />
              <Text size={200}>{t('saved')}</Text>
            </span>
          )}
        </span>
      </div>
      {editable ? (
        <DescriptionEditor store={store} label={t('description')} placeholder={t('descriptionPlaceholder')} />
      ) : html ? (
        <div className={descriptionStyles.html} data-testid="task-description-html" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <EmptyState icon={<TextDescriptionRegular />} title={t('emptyDescription')} text={t('contactTaskAuthor')} testId="task-description-empty" />
      )}
    </section>
  );
});
