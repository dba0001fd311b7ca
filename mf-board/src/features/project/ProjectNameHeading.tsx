import { Input, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { LENGTH } from '@negayno/shared/contract';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { useWorkStores } from '@negayno/shared/work-stores';

const useStyles = makeStyles({
  heading: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  input: {
    minWidth: 0,
    width: '100%',
    maxWidth: '640px',
    '& input': { fontSize: tokens.fontSizeBase600, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightBase600 },
  },
});

/**
 * The project's name as its heading (spec 2). Administrators edit it in place: saved on blur only when
 * non-empty and changed; Enter saves, Escape brings the saved name back. Others read plain text.
 */
export const ProjectNameHeading = observer(function ProjectNameHeading(props: { projectId: number; name: string; editable: boolean }) {
  const { projects } = useWorkStores();
  const { t } = useTranslation('board');
  const styles = useStyles();
  const [draft, setDraft] = useState(props.name);
  const reverted = useRef(false);

  // A rename elsewhere (another tab, a live update) shows here too.
  useEffect(() => setDraft(props.name), [props.name]);

  if (!props.editable) {
    return (
      <Text as="h1" size={600} weight="semibold" className={styles.heading} data-testid="project-name">
        {props.name}
      </Text>
    );
  }

  const save = () => {
    const name = reverted.current ? '' : draft.trim();
    reverted.current = false;
    if (!name || name === props.name) {
      setDraft(props.name);
      return;
    }
    void projects.rename(props.projectId, name).catch(() => setDraft(props.name));
  };

  return (
    <h1 className={styles.heading} data-testid="project-name">
      <Input
        appearance="underline"
        className={styles.input}
        value={draft}
        maxLength={LENGTH.name}
        aria-label={t('name.label')}
        title={t('name.hint')}
        onChange={(_event, data) => setDraft(data.value)}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
          if (event.key === 'Escape') {
            // Escape must not also close a drawer or the page: it belongs to the field here.
            event.stopPropagation();
            reverted.current = true;
            event.currentTarget.blur();
          }
        }}
        data-testid="project-name-input"
      />
    </h1>
  );
});
