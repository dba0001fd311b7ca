import { Button, Dropdown, Field, Input, Option, Spinner, makeStyles, tokens } from '@negayno/shared/fluent';
import { DrawerBody, DrawerFooter } from '@negayno/shared/fluent-panels';
import { DRAWER_MAX_WIDTH, LENGTH, type TaskFilter } from '@negayno/shared/contract';
import { SideDrawer } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { useSearchParams } from 'react-router-dom';
import { useWorkStores, filterQuery, parseFilter } from '@negayno/shared/work-stores';
import { useClippedDropdownButton } from '../layout/useClippedDropdownButton';

const useStyles = makeStyles({
  drawer: { width: `min(${DRAWER_MAX_WIDTH}px, 100vw)` },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingTop: tokens.spacingVerticalS },
  footer: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
});

const EMPTY: Required<TaskFilter> = { taskNumber: '', taskName: '', projectId: '', text: '' };

/**
 * The filter panel (spec 2): task number, task name, the search's text (issue 38: word starts and typos
 * in the number, name or description) and, on the all-projects board, the project. Apply writes the
 * non-empty trimmed values to the URL, replacing the history entry; Reset clears them all and applies that. The project list loads each time the panel opens.
 */
export const FilterPanel = observer(function FilterPanel(props: { open: boolean; onClose: () => void; withProject: boolean }) {
  const { projects } = useWorkStores();
  const { t } = useTranslation('board');
  const styles = useStyles();
  const [params, setParams] = useSearchParams();
  const applied = { ...EMPTY, ...parseFilter(params) };
  const [form, setForm] = useState<Required<TaskFilter>>(applied);
  const [loadingProjects, setLoadingProjects] = useState(false);
  const firstField = useRef<HTMLInputElement>(null);

  const appliedKey = filterQuery(applied);
  useEffect(() => {
    if (!props.open) return;
    setForm({ ...EMPTY, ...parseFilter(new URLSearchParams(appliedKey)) });
    if (!props.withProject) return;
    setLoadingProjects(true);
    void projects
      .load({ forFilter: true })
      .catch(() => undefined)
      .finally(() => setLoadingProjects(false));
  }, [props.open, props.withProject, appliedKey, projects]);

  const changed = filterQuery(form) !== appliedKey;
  const anyValue = Object.values(form).some((value) => value.trim() !== '');
  const showReset = anyValue || appliedKey !== '';

  const apply = (filter: TaskFilter) => {
    const next = new URLSearchParams(params);
    for (const key of Object.keys(EMPTY)) next.delete(key);
    for (const [key, value] of new URLSearchParams(filterQuery(filter))) next.set(key, value);
    setParams(next, { replace: true });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed || !anyValue) return;
    apply(form);
    props.onClose();
  };

  const reset = () => {
    setForm(EMPTY);
    apply({});
    // Reset hides itself once nothing is set; focus stays in the panel rather than falling to the page.
    firstField.current?.focus();
  };

  const selected = projects.member.find((project) => String(project.id) === form.projectId);
  const projectValue = selected?.name ?? (form.projectId ? '' : t('filter.anyProject'));
  const projectButton = useClippedDropdownButton(projectValue);

  return (
    <SideDrawer open={props.open} title={t('filter.title')} onClose={props.onClose} className={styles.drawer} testId="filter-panel">
      <form onSubmit={submit} style={{ display: 'contents' }}>
        <DrawerBody className={styles.body}>
          <Field label={t('filter.taskNumber')}>
            <Input
              ref={firstField}
              inputMode="numeric"
              value={form.taskNumber}
              maxLength={LENGTH.code}
              onChange={(_event, data) => setForm({ ...form, taskNumber: data.value })}
              data-testid="filter-task-number"
            />
          </Field>
          <Field label={t('filter.taskName')}>
            <Input
              value={form.taskName}
              maxLength={LENGTH.name}
              onChange={(_event, data) => setForm({ ...form, taskName: data.value })}
              data-testid="filter-task-name"
            />
          </Field>
          <Field label={t('filter.text')} hint={t('filter.textHint')}>
            <Input
              type="search"
              value={form.text}
              maxLength={LENGTH.name}
              onChange={(_event, data) => setForm({ ...form, text: data.value })}
              data-testid="filter-text"
            />
          </Field>
          {props.withProject && (
            <Field label={t('filter.projectId')} hint={loadingProjects ? <Spinner size="extra-tiny" label={t('filter.loadingProjects')} /> : undefined}>
              <Dropdown
                value={projectValue}
                button={projectButton}
                selectedOptions={[form.projectId]}
                onOptionSelect={(_event, data) => setForm({ ...form, projectId: data.optionValue ?? '' })}
                clearButton={{ 'aria-label': t('common:clearSelection') }}
                data-testid="filter-project"
              >
                <Option value="">{t('filter.anyProject')}</Option>
                {projects.member.map((project) => (
                  <Option key={project.id} value={String(project.id)}>
                    {project.name}
                  </Option>
                ))}
              </Dropdown>
            </Field>
          )}
        </DrawerBody>
        <DrawerFooter className={styles.footer}>
          {showReset && (
            <Button onClick={reset} data-testid="filter-reset">
              {t('filter.reset')}
            </Button>
          )}
          <Button appearance="primary" type="submit" disabled={!changed || !anyValue} data-testid="filter-apply">
            {t('filter.apply')}
          </Button>
        </DrawerFooter>
      </form>
    </SideDrawer>
  );
});
