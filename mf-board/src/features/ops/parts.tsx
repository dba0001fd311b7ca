/** What every section of the console draws with: the list's states, "show more", a search box, a copy button, a scroll frame. */
import { Button, Field, Input, Skeleton, SkeletonItem, Spinner, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@negayno/shared/fluent-panels';
import { CheckmarkRegular, CopyRegular, SearchRegular } from '@fluentui/react-icons';
import { BREAKPOINTS } from '@negayno/shared/contract';
import { messageOfError, messageText, useTranslation } from '@negayno/shared/i18n';
import { EmptyState, LoadFailed } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { PagedList } from './paged-list';

export const useOpsStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
    [`@media (max-width: ${BREAKPOINTS.sm - 1}px)`]: { flexDirection: 'column', alignItems: 'stretch' },
  },
  grow: { flexGrow: 1 },
  // A table wider than a phone scrolls sideways inside its frame, never the page.
  scroll: { overflowX: 'auto', maxWidth: '100%', WebkitOverflowScrolling: 'touch' },
  // Columns sized by their content (Fluent's tables are fixed: a code or an amount would spill into the next cell).
  table: { minWidth: '720px', tableLayout: 'auto' },
  wideTable: { minWidth: '900px', tableLayout: 'auto' },
  muted: { color: tokens.colorNeutralForeground3 },
  nowrap: { whiteSpace: 'nowrap' },
  cellStack: { display: 'flex', flexDirection: 'column', gap: '2px', paddingBlock: tokens.spacingVerticalXS, minWidth: 0 },
  rowActions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  dialogForm: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  more: { alignSelf: 'center' },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase300, wordBreak: 'break-all' },
  link: { color: tokens.colorBrandForegroundLink, textDecoration: 'none', ':hover': { textDecoration: 'underline' } },
});

/** The list's body: a skeleton while the first page comes, the failure with a retry, the empty state, or the rows and "show more". */
export const ListFrame = observer(function ListFrame<T, F extends object>(props: {
  list: PagedList<T, F>;
  empty: { title: string; text?: string; icon?: ReactNode };
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('ops');
  const styles = useOpsStyles();
  const { list } = props;
  if (list.status === 'idle' || (list.status === 'loading' && list.items.length === 0)) return <ListSkeleton />;
  if (list.status === 'error' || list.status === 'gone') return <LoadFailed onRetry={() => void list.load()} testId={`${props.testId}-failed`} />;
  if (list.items.length === 0 && list.status === 'ready')
    return <EmptyState icon={props.empty.icon} title={props.empty.title} text={props.empty.text} testId={`${props.testId}-empty`} />;
  return (
    <>
      <div aria-busy={list.status === 'loading'}>{props.children}</div>
      {list.moreFailed && (
        <Text role="alert" className={styles.muted}>
          {t('common:loadFailed.title')}
        </Text>
      )}
      {list.hasMore && (
        <Button
          className={styles.more}
          onClick={() => void list.more()}
          disabled={list.loadingMore}
          icon={list.loadingMore ? <Spinner size="tiny" /> : undefined}
          data-testid={`${props.testId}-more`}
        >
          {t('more')}
        </Button>
      )}
    </>
  );
}) as <T, F extends object>(props: {
  list: PagedList<T, F>;
  empty: { title: string; text?: string; icon?: ReactNode };
  testId: string;
  children: ReactNode;
}) => ReactNode;

export function ListSkeleton() {
  const { t } = useTranslation('common');
  return (
    <Skeleton aria-label={t('loading')} data-testid="ops-skeleton">
      {[0, 1, 2, 3, 4].map((index) => (
        <SkeletonItem key={index} size={32} style={{ marginBottom: 8 }} />
      ))}
    </Skeleton>
  );
}

/** A search box that tells its owner what was typed once typing pauses. */
export function SearchBox(props: { value: string | undefined; onSearch: (value: string) => void; testId: string }) {
  const { t } = useTranslation('ops');
  const styles = useOpsStyles();
  const [text, setText] = useState(props.value ?? '');
  const onSearch = useRef(props.onSearch);
  onSearch.current = props.onSearch;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => onSearch.current(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <Field label={t('search')} className={styles.grow}>
      <Input type="search" contentBefore={<SearchRegular />} value={text} onChange={(_event, data) => setText(data.value)} data-testid={props.testId} />
    </Field>
  );
}

export function CopyButton(props: { text: string; testId?: string; iconOnly?: boolean }) {
  const { t } = useTranslation('ops');
  const [copied, setCopied] = useState(false);
  return (
    <Button
      size="small"
      appearance="subtle"
      icon={copied ? <CheckmarkRegular /> : <CopyRegular />}
      aria-label={`${copied ? t('copied') : t('copy')} ${props.text}`}
      data-testid={props.testId}
      onClick={() => {
        void navigator.clipboard?.writeText(props.text).then(
          () => setCopied(true),
          () => undefined,
        );
      }}
    >
      {props.iconOnly ? null : copied ? t('copied') : t('copy')}
    </Button>
  );
}

/** A console dialog's cancel and submit buttons: both wait while the form is sent, the submit shows it. */
export function FormDialogActions(props: { busy: boolean; disabled?: boolean; onCancel: () => void; submitLabel: string; testId: string }) {
  const { t } = useTranslation('ops');
  return (
    <DialogActions>
      <Button onClick={props.onCancel} disabled={props.busy}>
        {t('common:cancel')}
      </Button>
      <Button
        appearance="primary"
        type="submit"
        disabled={props.busy || props.disabled === true}
        icon={props.busy ? <Spinner size="tiny" /> : undefined}
        data-testid={props.testId}
      >
        {props.submitLabel}
      </Button>
    </DialogActions>
  );
}

/**
 * A confirmation dialog, with an optional required text field (a reason, a reference): the action's
 * failure is shown inside it, in the catalogue's words.
 */
export function ConfirmDialog(props: {
  title: string;
  text?: string;
  field?: { label: string; name: string; maxLength: number };
  confirmLabel: string;
  danger?: boolean;
  children?: ReactNode;
  testId: string;
  onConfirm: (value: string) => Promise<void>;
  onClose: () => void;
}) {
  const styles = useOpsStyles();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (props.field && !value.trim()) {
      setError(messageText({ key: `${props.field.name}_is_empty` }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await props.onConfirm(value.trim());
      props.onClose();
    } catch (failure) {
      setError(messageText(messageOfError(failure, props.field?.name)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && !busy && props.onClose()}>
      <DialogSurface data-testid={props.testId}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogBody>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogContent className={styles.dialogForm}>
              {props.text && <Text>{props.text}</Text>}
              {props.children}
              {props.field ? (
                <Field label={props.field.label} required validationMessage={error ?? undefined} validationState={error ? 'error' : 'none'}>
                  <Input
                    autoFocus
                    value={value}
                    maxLength={props.field.maxLength}
                    onChange={(_event, data) => setValue(data.value)}
                    data-testid={`${props.testId}-input`}
                  />
                </Field>
              ) : (
                error && (
                  <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>
                    {error}
                  </Text>
                )
              )}
            </DialogContent>
            <FormDialogActions busy={busy} onCancel={props.onClose} submitLabel={props.confirmLabel} testId={`${props.testId}-confirm`} />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
