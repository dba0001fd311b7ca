/**
 * The command palette (issue 38): one box over tasks, descriptions, offers, chats and (for staff) people,
 * results grouped, keyboard only end to end — ↑/↓ move through every result of every group, Enter opens
 * it (a task's drawer, or its chat scrolled to the message), Esc closes. Empty, it offers the person's
 * recent searches and tasks. Its own chunk: no page downloads it before the palette is first opened.
 */
import { Spinner, Text, makeStyles, mergeClasses, tokens } from '@negayno/shared/fluent';
import { Dialog, DialogSurface, DialogTitle } from '@negayno/shared/fluent-panels';
import { SearchRegular } from '@fluentui/react-icons';
import { taskPath, type SearchGroup, type SearchHit, type SearchKind, type SearchSnippet, type SearchTask } from '@negayno/shared/contract';
import { fullName, navigate } from '@negayno/shared/lib';
import { useTranslation } from '@negayno/shared/i18n';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { readRecent, rememberSearch, rememberTask } from './recent';
import { useSearch } from './use-search';

const useStyles = makeStyles({
  surface: {
    width: 'min(640px, calc(100vw - 16px))',
    maxWidth: '100vw',
    padding: 0,
    alignSelf: 'flex-start',
    marginTop: '10vh',
    overflow: 'hidden',
    '@media (max-width: 659px)': { marginTop: '8px' },
  },
  title: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)' },
  box: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  icon: { fontSize: '20px', color: tokens.colorNeutralForeground3, flexShrink: 0 },
  input: {
    flexGrow: 1,
    minWidth: 0,
    border: 'none',
    outline: 'none',
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    fontFamily: tokens.fontFamilyBase,
  },
  list: { maxHeight: 'min(60vh, 520px)', overflowY: 'auto', padding: `${tokens.spacingVerticalXS} 0` },
  groupLabel: {
    display: 'block',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalXXS}`,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
  },
  option: {
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    cursor: 'pointer',
    borderLeft: '3px solid transparent',
  },
  active: { backgroundColor: tokens.colorNeutralBackground1Selected, borderLeftColor: tokens.colorBrandStroke1 },
  line: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalS, minWidth: 0 },
  main: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
  meta: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  number: { color: tokens.colorNeutralForeground3, fontVariantNumeric: 'tabular-nums', flexShrink: 0 },
  snippet: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200 },
  mark: { backgroundColor: tokens.colorPaletteYellowBackground2, color: 'inherit', borderRadius: '2px', padding: '0 1px' },
  more: { color: tokens.colorBrandForeground1 },
  state: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}`,
    color: tokens.colorNeutralForeground2,
  },
  footer: {
    display: 'flex',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
});

type Item =
  { type: 'hit'; hit: SearchHit } | { type: 'more'; kind: SearchKind } | { type: 'recentSearch'; q: string } | { type: 'recentTask'; task: SearchTask };

interface Section {
  key: string;
  label: string;
  items: Item[];
}

/** Where a result leads: the task's drawer, or its chat at the message. */
function pathOf(hit: SearchHit): string | null {
  if (hit.kind === 'people') return null;
  // The chat's own query (mf-task-chat ChatPane): that chat, scrolled to the message.
  if (hit.kind === 'messages') return `${taskPath(hit.task.id, { projectId: hit.task.projectId })}&chat=${hit.chatKey}&message=${hit.messageId}`;
  return taskPath(hit.task.id, { projectId: hit.task.projectId });
}

function Marked(props: { snippet: SearchSnippet; className: string }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [from, to] of props.snippet.marks) {
    if (from > at) parts.push(props.snippet.text.slice(at, from));
    parts.push(
      <mark key={from} className={props.className}>
        {props.snippet.text.slice(from, to)}
      </mark>,
    );
    at = to;
  }
  parts.push(props.snippet.text.slice(at));
  return <>{parts}</>;
}

export interface SearchPaletteProps {
  userId: number;
  onClose: () => void;
  /** The text the header's box held when the palette opened. */
  initialText?: string;
}

export function SearchPalette(props: SearchPaletteProps) {
  const { userId, onClose } = props;
  const { t } = useTranslation('search');
  const { t: tTask } = useTranslation('task');
  const { t: tChat } = useTranslation('chat');
  const styles = useStyles();
  const [text, setText] = useState(props.initialText ?? '');
  const [active, setActive] = useState(0);
  const [notice, setNotice] = useState('');
  const { state, more } = useSearch(text);
  const recent = useMemo(() => readRecent(userId), [userId]);
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);

  const sections: Section[] = useMemo(() => {
    if (state.status === 'idle') {
      return [
        { key: 'recentSearches', label: t('groups.recentSearches'), items: recent.searches.map((q): Item => ({ type: 'recentSearch', q })) },
        { key: 'recentTasks', label: t('groups.recentTasks'), items: recent.tasks.map((task): Item => ({ type: 'recentTask', task })) },
      ].filter((section) => section.items.length > 0);
    }
    if (state.status === 'failed') return [];
    return state.groups
      .filter((group) => group.list.length > 0)
      .map((group: SearchGroup) => ({
        key: group.kind,
        label: t(`groups.${group.kind}`),
        items: [...group.list.map((hit): Item => ({ type: 'hit', hit })), ...(group.hasMore ? [{ type: 'more', kind: group.kind } as Item] : [])],
      }));
  }, [state, recent, t]);
  const items = useMemo(() => sections.flatMap((section) => section.items), [sections]);
  const count = state.status === 'ready' ? state.groups.reduce((sum, group) => sum + group.list.length, 0) : 0;

  const resultsOf = state.status === 'ready' ? `ready:${state.q}` : state.status;
  useEffect(() => setActive(0), [resultsOf]);
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const openTask = (task: SearchTask, path: string) => {
    rememberTask(userId, task);
    if (text.trim()) rememberSearch(userId, text);
    onClose();
    navigate(path);
  };

  const choose = (item: Item | undefined) => {
    if (!item) return;
    switch (item.type) {
      case 'recentSearch':
        return setText(item.q);
      case 'recentTask':
        return openTask(item.task, taskPath(item.task.id, { projectId: item.task.projectId }));
      case 'more':
        return more(item.kind);
      case 'hit': {
        const path = pathOf(item.hit);
        if (item.hit.kind !== 'people' && path) return openTask(item.hit.task, path);
        if (item.hit.kind === 'people') {
          void navigator.clipboard?.writeText(item.hit.person.email).then(
            () => setNotice(t('emailCopied')),
            () => undefined,
          );
          rememberSearch(userId, text);
        }
      }
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + items.length) % items.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(items[active]);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  let index = -1;

  const body = (item: Item): ReactNode => {
    switch (item.type) {
      case 'recentSearch':
        return <span className={styles.main}>{item.q}</span>;
      case 'recentTask':
        return (
          <TaskLine task={item.task} styles={styles} status={tTask(`status.${item.task.status}`)}>
            {item.task.name}
          </TaskLine>
        );
      case 'more':
        return <span className={styles.more}>{t('more')}</span>;
      case 'hit':
        return hitBody(item.hit);
    }
  };

  const hitBody = (hit: SearchHit): ReactNode => {
    const status = 'task' in hit ? tTask(`status.${hit.task.status}`) : '';
    switch (hit.kind) {
      case 'tasks':
        return (
          <TaskLine task={hit.task} styles={styles} status={status}>
            <Marked snippet={hit.name} className={styles.mark} />
          </TaskLine>
        );
      case 'descriptions':
        return withSnippet(
          <TaskLine task={hit.task} styles={styles} status={status}>
            {hit.task.name}
          </TaskLine>,
          hit.snippet,
        );
      case 'documents':
        return withSnippet(
          <TaskLine task={hit.task} styles={styles} status={t('offer')}>
            {hit.task.name}
          </TaskLine>,
          hit.snippet,
        );
      case 'messages':
        return withSnippet(
          <TaskLine task={hit.task} styles={styles} status={tChat(`tabs.${hit.chatKey}`)}>
            {hit.author ? fullName(hit.author) : t('system')}
          </TaskLine>,
          hit.snippet,
        );
      case 'people':
        return withSnippet(
          <span className={styles.line}>
            <span className={styles.main}>{fullName(hit.person)}</span>
            <span className={styles.meta}>{t(`role.${hit.person.role}`)}</span>
          </span>,
          hit.snippet,
        );
    }
  };

  /** A hit's line, then the sentence around the match with the matched words marked. */
  const withSnippet = (line: ReactNode, snippet: SearchSnippet): ReactNode => (
    <>
      {line}
      <span className={styles.snippet}>
        <Marked snippet={snippet} className={styles.mark} />
      </span>
    </>
  );

  let stateView: ReactNode = null;
  if (state.status === 'failed') stateView = <Text>{t('failed')}</Text>;
  else if (state.status === 'ready' && count === 0)
    stateView = (
      <>
        <Text weight="semibold">{t('nothing', { q: state.q })}</Text>
        <Text size={200}>{t('nothingHint')}</Text>
      </>
    );
  else if (state.status === 'loading' && items.length === 0) stateView = <Spinner size="tiny" label={t('searching')} />;
  else if (state.status === 'idle' && items.length === 0) stateView = <Text>{t('start')}</Text>;

  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface} aria-label={t('title')} data-testid="search-palette">
        <DialogTitle className={styles.title}>{t('title')}</DialogTitle>
        <div className={styles.box}>
          <SearchRegular className={styles.icon} aria-hidden />
          <input
            className={styles.input}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={t('placeholder')}
            aria-label={t('label')}
            role="combobox"
            aria-expanded={items.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={items.length > 0 ? optionId(active) : undefined}
            autoComplete="off"
            spellCheck={false}
            data-testid="search-input"
            // The palette exists to be typed into: its box takes the focus.
            autoFocus
          />
          {state.status === 'loading' && items.length > 0 && <Spinner size="extra-tiny" aria-hidden />}
        </div>
        <div
          id={listId}
          role="listbox"
          aria-label={t('title')}
          className={styles.list}
          ref={listRef}
          // Which text the painted results are for: the palette benchmark times a keystroke to it.
          data-results-for={state.status === 'ready' ? state.q : undefined}
        >
          {sections.map((section) => (
            <div key={section.key} role="group" aria-labelledby={`${listId}-${section.key}`} data-testid={`search-group-${section.key}`}>
              <span id={`${listId}-${section.key}`} className={styles.groupLabel} role="presentation">
                {section.label}
              </span>
              {section.items.map((item) => {
                index += 1;
                const at = index;
                return (
                  <div
                    key={at}
                    id={optionId(at)}
                    role="option"
                    aria-selected={at === active}
                    data-index={at}
                    data-testid="search-option"
                    className={mergeClasses(styles.option, at === active && styles.active)}
                    onMouseMove={() => at !== active && setActive(at)}
                    onClick={() => choose(item)}
                  >
                    {body(item)}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        {stateView && (
          <div className={styles.state} role="status" data-testid="search-state">
            {stateView}
          </div>
        )}
        <div className={styles.footer}>
          <span>{t('hint')}</span>
          <span role="status" aria-live="polite">
            {notice || (state.status === 'ready' && count > 0 ? t('found', { count }) : '')}
          </span>
        </div>
      </DialogSurface>
    </Dialog>
  );
}

function TaskLine(props: { task: SearchTask; status: string; styles: ReturnType<typeof useStyles>; children: ReactNode }) {
  const { task, status, styles } = props;
  return (
    <>
      <span className={styles.line}>
        <span className={styles.number}>#{task.number}</span>
        <span className={styles.main}>{props.children}</span>
      </span>
      <span className={styles.meta}>
        {task.projectName} · {status}
      </span>
    </>
  );
}
