/**
 * The task's life cycle in the drawer: the actions the server offers the viewer now (each opening its
 * form), the offer and contract cards and the cost panel. It draws the open task's session (read and
 * kept live there, task-session.ts); a step taken here draws from its answer.
 */
import { type Currency, type TaskActionName } from '@negayno/shared/contract';
import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner, makeStyles, tokens } from '@negayno/shared/fluent';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { STORAGE_KEYS, readStorage, writeStorage } from '@negayno/shared/lib';
import { useStores } from '@negayno/shared/stores';
import { HeartRegular } from '@fluentui/react-icons';
import { ContractCard } from '../documents/ContractCard';
import { CostPanel, hasMoved } from '../documents/CostPanel';
import { OfferCard } from '../documents/OfferCard';
import { taskSession } from '../task-session/task-session';
import { ActionDialog } from './ActionDialog';
import { loadRoleForms } from './role-forms';

// Tips are the client's, after a rating: they come with the client's action forms (role-forms.ts).
const TipsDialog = lazy(() => import(/* webpackChunkName: "client-role" */ './TipsDialog').then((module) => ({ default: module.TipsDialog })));
// The estimate is the staff's (issue 33): it comes with their action forms, never in a client's drawer.
const EstimateCard = lazy(() => import(/* webpackChunkName: "staff" */ '../documents/EstimateCard').then((module) => ({ default: module.EstimateCard })));

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, marginTop: tokens.spacingVerticalM },
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

export const TaskLifeCycle = observer(function TaskLifeCycle(props: { taskId: number; currency?: Currency }) {
  const { t } = useTranslation('workflow');
  const styles = useStyles();
  const store = taskSession.parts.workflow;
  const [open, setOpen] = useState<TaskActionName | null>(null);
  const [tipping, setTipping] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const { taskId } = props;
  const { ui } = useStores();

  // The forms of the actions on offer are fetched with the bar, so a press opens a ready form.
  const offered = store.taskId === taskId ? store.actions?.actions : undefined;
  useEffect(() => {
    for (const action of offered ?? []) loadRoleForms(action)?.catch(() => undefined);
  }, [offered]);

  // The way back from a top-up the tips dialog started (the wallet closed, or the checkout returned
  // here): the dialog opens again, with the new balance (decisions 5, issue 33).
  const mayTip = store.taskId === taskId && store.actions?.tip === true;
  const walletOpen = ui.wallet !== null;
  useEffect(() => {
    if (!mayTip || walletOpen || readStorage(STORAGE_KEYS.tipsReturn, globalThis.sessionStorage) !== String(taskId)) return;
    writeStorage(STORAGE_KEYS.tipsReturn, null, globalThis.sessionStorage);
    setTipping(true);
  }, [mayTip, walletOpen, taskId]);

  if (store.taskId !== taskId || store.status === 'loading' || store.status === 'idle') {
    return <Spinner size="small" label={t('actionsLabel')} data-testid="workflow-loading" />;
  }
  if (store.status !== 'ready') {
    return (
      <MessageBar intent="error" data-testid="workflow-failed">
        <MessageBarBody>{t('loadFailed')}</MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => void store.load(taskId)}>{t('retry')}</Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
  /** Who worked on the task (the contract's performers): the ones a client may tip. */
  const tipped = store.contract?.performers ?? [];
  const currency = props.currency ?? store.offer?.currency ?? store.contract?.currency ?? 'UAH';
  const close = () => {
    setOpen(null);
    // Focus returns to what opened the dialog (or the bar, if that button is gone after the step).
    requestAnimationFrame(() => opener.current?.focus());
  };

  return (
    <div className={styles.root}>
      {store.actions && (store.actions.actions.length > 0 || mayTip) && (
        <div className={styles.bar} role="toolbar" aria-label={t('actionsLabel')} data-testid="task-actions">
          {store.actions.actions.map((action) => (
            <Button
              key={action}
              appearance={action === 'delete' || action.startsWith('reject') ? 'secondary' : 'primary'}
              onClick={(event) => {
                opener.current = event.currentTarget;
                setOpen(action);
              }}
              data-testid={`action-${action}`}
            >
              {t(`action.${action}`)}
            </Button>
          ))}
          {/* Tips on every task whose work the client accepted, not only once after the rating (decisions 5). */}
          {mayTip && tipped.length > 0 && (
            <Button
              icon={<HeartRegular />}
              onClick={(event) => {
                opener.current = event.currentTarget;
                setTipping(true);
              }}
              data-testid="action-tips"
            >
              {t('tips.open')}
            </Button>
          )}
        </div>
      )}
      {open && (
        <ActionDialog
          action={open}
          store={store}
          currency={currency}
          performers={store.actions?.performers ?? []}
          // A rating is followed by the tips offer when the work had performers (decisions 5).
          onDone={open === 'add-rating' && tipped.length > 0 ? () => setTipping(true) : undefined}
          onClose={close}
        />
      )}
      {tipping && (
        <Suspense fallback={<Spinner size="small" label={t('common:loading')} />}>
          <TipsDialog
            taskId={taskId}
            performers={tipped}
            currency={currency}
            store={store}
            onClose={() => {
              setTipping(false);
              requestAnimationFrame(() => opener.current?.focus());
            }}
          />
        </Suspense>
      )}
      {store.estimates.length > 0 && (
        <Suspense fallback={<Spinner size="small" label={t('common:loading')} />}>
          <EstimateCard estimates={store.estimates} />
        </Suspense>
      )}
      {store.contract && <ContractCard document={store.contract} />}
      {store.offer && !store.contract && <OfferCard document={store.offer} store={store} />}
      {/* Before any money moved (no accepted offer yet) a card of zeros says nothing: it is left out. */}
      {store.ledger && hasMoved(store.ledger) && <CostPanel ledger={store.ledger} />}
    </div>
  );
});
