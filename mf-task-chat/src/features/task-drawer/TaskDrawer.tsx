/**
 * The task drawer (spec 2 "Task view"): 1000 px wide, 1500 when the chat stands beside the detail;
 * Escape and the close button close it and clear the cached task. The left column holds the header,
 * the name, the importance, the life-cycle actions, the description and the attachments; the right
 * column is kept for the chat.
 */
import { Skeleton, SkeletonItem, Text, makeStyles, mergeClasses, tokens } from '@negayno/shared/fluent';
import { DrawerBody } from '@negayno/shared/fluent-panels';
import { Tab, TabList } from '@negayno/shared/fluent-drawers';
import { BREAKPOINTS, ROUTES, TASK_PANEL_WIDTH, allBoardPath, overAllBoard, projectPath, type TaskCard } from '@negayno/shared/contract';
import { navigate } from '@negayno/shared/lib';
import { LoadFailed, SideDrawer, useNarrowerThan, useSearchParams } from '@negayno/shared/ui';
import { autorun } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { useWorkStores } from '@negayno/shared/work-stores';
import { AttachmentsSection } from './attachments/AttachmentsSection';
import { useFileDrop } from './attachments/useFileDrop';
import { ChatPane } from '../chat/ChatPane';
import { DescriptionHistoryDialog } from './description/DescriptionHistoryDialog';
import { DescriptionSection } from './description/DescriptionSection';
import { ImportanceControl } from './header/ImportanceControl';
import { TaskMeta } from './header/TaskMeta';
import { TaskName } from './header/TaskName';
import { TaskLifeCycle } from '../task-actions/TaskLifeCycle';
import { taskSession } from '../task-session/task-session';
import { ChatSkeleton, DetailSkeleton } from './TaskSkeleton';

const useStyles = makeStyles({
  drawer: { width: `min(${TASK_PANEL_WIDTH.default}px, 100vw)` },
  wide: { width: `min(${TASK_PANEL_WIDTH.full}px, 100vw)` },
  title: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  project: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  columns: { display: 'flex', gap: tokens.spacingHorizontalXL, alignItems: 'flex-start', minWidth: 0 },
  detail: { flex: '1 1 0', minWidth: 0 },
  chat: {
    // The chat takes up to 540 px of the wide drawer, never less than the spec's 360.
    flex: '0 1 540px',
    minWidth: `${TASK_PANEL_WIDTH.rightPaneMin}px`,
    position: 'sticky',
    top: 0,
    alignSelf: 'stretch',
    borderLeft: `1px solid ${tokens.colorNeutralStroke2}`,
    paddingLeft: tokens.spacingHorizontalL,
  },
  chatNarrow: { flex: '1 1 auto', minWidth: 0, borderLeft: 'none', paddingLeft: 0, position: 'static' },
  detailDrop: { position: 'relative' },
  dropOverlay: {
    position: 'absolute',
    inset: 0,
    zIndex: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    border: `2px dashed ${tokens.colorBrandStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackgroundAlpha2,
    color: tokens.colorBrandForeground1,
    pointerEvents: 'none',
  },
  controls: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalL, marginBottom: tokens.spacingVerticalS },
});

/** Spec 4: a chat exists once discussion started (or the task is archived) and the task has chats. */
function hasChat(task: Pick<TaskCard, 'dateStartDiscuss' | 'dateArchived' | 'chats'>): boolean {
  return (task.dateStartDiscuss !== null || task.dateArchived !== null) && Object.keys(task.chats).length > 0;
}

export const TaskDrawer = observer(function TaskDrawer(props: { taskId: number }) {
  const { t, i18n } = useTranslation('task');
  const styles = useStyles();
  const params = useSearchParams();
  const { board, chats } = useWorkStores();
  const { task: store, files, description } = taskSession.parts;
  const task = store.task?.id === props.taskId ? store.task : null;
  const narrow = useNarrowerThan(BREAKPOINTS.df);
  // A link to a message (issue 38) opens the chat tab on a narrow screen.
  const linkedMessage = params.get('message');
  const [tab, setTab] = useState<'detail' | 'chat'>(linkedMessage ? 'chat' : 'detail');
  useEffect(() => {
    if (linkedMessage) setTab('chat');
  }, [linkedMessage]);
  const [historyOpen, setHistoryOpen] = useState(false);
  const language = i18n.language === 'en' ? 'en' : 'uk';

  useEffect(() => {
    const card = board.cards.get(props.taskId);
    if (card) chats.prefetch(card);
    return taskSession.open(props.taskId);
  }, [props.taskId, board, chats]);

  // A task that is gone or forbidden (as it opened, or after a step that deleted it or took it out of
  // sight) sends the user home; its card leaves the board.
  const gone = store.status === 'gone';
  useEffect(() => {
    if (!gone) return;
    board.remove(props.taskId);
    navigate(ROUTES.home, { replace: true });
  }, [gone, props.taskId, board]);

  useEffect(
    () =>
      autorun(() => {
        const shown = store.task;
        if (shown?.id === props.taskId) description.show(shown.id, shown.description);
      }),
    [props.taskId, store, description],
  );

  const reload = useCallback(() => void store.load(props.taskId), [store, props.taskId]);

  const projectId = task?.project.id ?? (Number(params.get('projectId')) || null);
  const close = () => {
    // Spec 2: closing clears the cached task, so the next open asks the server again.
    taskSession.clear();
    // Back to the board it was opened from: the staff's all-projects board, or the project's.
    navigate(overAllBoard(params) ? allBoardPath(params) : projectId ? projectPath(projectId) : ROUTES.home);
  };
  const openHistory = () => {
    setHistoryOpen(true);
    void description.loadHistory();
  };
  // The board's card tells whether there is a chat before the task's answer comes, so the chat pane
  // opens on the reads the drawer started beside the task's instead of after it.
  const known = task ?? board.cards.get(props.taskId) ?? null;
  const withChat = known ? hasChat(known) : !narrow;
  const editable = task !== null && task.can.edit && task.dateArchived === null;
  const drop = useFileDrop(editable, (picked) => files.upload(picked));
  const showDetail = !narrow || !withChat || tab === 'detail';
  const showChat = withChat && (!narrow || tab === 'chat');

  return (
    <SideDrawer
      className={mergeClasses(styles.drawer, withChat && !narrow && styles.wide)}
      onClose={close}
      ariaLabel={task?.name ?? t('loading')}
      testId="task-drawer"
      closeTestId="task-close"
      closeLabel={t('close')}
      title={
        task ? (
          <span className={styles.title}>
            <Text weight="semibold" data-testid="task-number">
              {t('number', { number: task.number })}
            </Text>
            <Text className={styles.project} data-testid="task-project">
              {t('project', { name: task.project.name })}
            </Text>
          </span>
        ) : store.status === 'error' ? null : (
          <Skeleton aria-label={t('loading')}>
            <SkeletonItem style={{ width: 180 }} />
          </Skeleton>
        )
      }
    >
      <DrawerBody className={styles.body}>
        {narrow && task && withChat && (
          <TabList selectedValue={tab} onTabSelect={(_event, data) => setTab(data.value as 'detail' | 'chat')}>
            <Tab value="detail" data-testid="task-tab-detail">
              {t('tabs.detail')}
            </Tab>
            <Tab value="chat" data-testid="task-tab-chat">
              {t('tabs.chat')}
            </Tab>
          </TabList>
        )}
        <div className={styles.columns}>
          {showDetail && (
            <div className={mergeClasses(styles.detail, styles.detailDrop)} {...drop.handlers}>
              {drop.over && (
                <div className={styles.dropOverlay} data-testid="task-drop-overlay">
                  <Text weight="semibold">{t('dropFileShort')}</Text>
                </div>
              )}
              {!task && store.status === 'error' ? (
                <LoadFailed onRetry={reload} testId="task-load-failed" />
              ) : !task ? (
                <DetailSkeleton />
              ) : (
                <article data-testid="task-detail">
                  <TaskMeta task={task} language={language} onHistory={editable ? openHistory : null} />
                  <TaskName task={task} onRename={(name) => void store.rename(name)} />
                  <div className={styles.controls}>
                    <ImportanceControl task={task} onChange={(level) => void store.setImportance(level)} />
                  </div>
                  <TaskLifeCycle taskId={task.id} />
                  <DescriptionSection task={task} store={description} />
                  <AttachmentsSection task={task} store={files} editable={editable} />
                </article>
              )}
            </div>
          )}
          {showChat && (
            <aside className={mergeClasses(styles.chat, narrow && styles.chatNarrow)} aria-label={t('tabs.chat')}>
              {known ? <ChatPane taskId={known.id} /> : <ChatSkeleton />}
            </aside>
          )}
        </div>
      </DrawerBody>
      {editable && <DescriptionHistoryDialog store={description} open={historyOpen} language={language} onClose={() => setHistoryOpen(false)} />}
    </SideDrawer>
  );
});
