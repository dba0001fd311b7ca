import { Button, MenuItem, MenuList, Spinner, makeStyles, tokens } from '@negayno/shared/fluent';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, DrawerBody, Radio, RadioGroup } from '@negayno/shared/fluent-panels';
import { ArchiveRegular, ArrowDownloadRegular, ArrowUploadRegular, DeleteRegular, SettingsRegular } from '@fluentui/react-icons';
import { newIdempotencyKey } from '@negayno/shared/api';
import { DRAWER_MAX_WIDTH, type Currency, type ProjectPermissions } from '@negayno/shared/contract';
import { formatMoney } from '@negayno/shared/lib';
import { useStores } from '@negayno/shared/stores';
import { SideDrawer } from '@negayno/shared/ui';
import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from '@negayno/shared/i18n';
import { ExportStore } from './export-store';
import { ExportSection } from './ExportSection';

const useStyles = makeStyles({
  drawer: { width: `min(${DRAWER_MAX_WIDTH - 120}px, 100vw)` },
  closure: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  targetName: { overflowWrap: 'anywhere' },
});

/** Where a closing project's balance goes: the administrator's wallet or another of their projects. */
const WALLET = 'wallet';

/** How a project is removed: deleted outright, or closed with its balance sent somewhere first. */
export type ProjectRemoval = { balanceTo?: number; idempotencyKey: string } | undefined;

export type ProjectMenuChoice = 'archive' | 'settings' | 'import';

/** The project menu (spec 2): the archive for everyone; settings, export and delete as the project's `can` offers. */
export const ProjectMenuDrawer = observer(function ProjectMenuDrawer(props: {
  projectId: number;
  projectName: string;
  can: Pick<ProjectPermissions, 'openSettings' | 'delete' | 'importTasks' | 'export'>;
  /** The project's balance (null when the viewer may not see it): a positive one turns delete into closure. */
  balance: { amount: number | null; currency: Currency };
  /** The viewer's other projects that may receive the balance. */
  transferTargets: { id: number; name: string }[];
  onChoose: (choice: ProjectMenuChoice) => void;
  onDelete: (removal: ProjectRemoval) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('board');
  const { ui } = useStores();
  const styles = useStyles();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [target, setTarget] = useState(WALLET);
  // One key per closure intent: a retried click after a lost answer moves the balance once.
  const closureKey = useRef(newIdempotencyKey());
  const holdsMoney = (props.balance.amount ?? 0) > 0;
  const [exports] = useState(() => new ExportStore(props.projectId));
  const mayExport = props.can.export;
  useEffect(() => {
    if (mayExport) void exports.load();
    return () => exports.stop();
  }, [exports, mayExport]);

  const confirmDelete = async () => {
    setDeleting(true);
    try {
      await props.onDelete(holdsMoney ? { balanceTo: target === WALLET ? undefined : Number(target), idempotencyKey: closureKey.current } : undefined);
    } catch {
      setDeleting(false);
    }
  };

  return (
    <SideDrawer title={t('menu.title')} onClose={props.onClose} className={styles.drawer} testId="project-menu">
      <DrawerBody>
        <MenuList>
          <MenuItem icon={<ArchiveRegular />} onClick={() => props.onChoose('archive')} data-testid="menu-archive">
            {t('menu.archive')}
          </MenuItem>
          {props.can.openSettings && (
            <MenuItem icon={<SettingsRegular />} onClick={() => props.onChoose('settings')} data-testid="menu-settings">
              {t('menu.settings')}
            </MenuItem>
          )}
          {props.can.importTasks && (
            <MenuItem icon={<ArrowUploadRegular />} onClick={() => props.onChoose('import')} data-testid="menu-import">
              {t('menu.import')}
            </MenuItem>
          )}
          {props.can.export && (
            <MenuItem
              icon={<ArrowDownloadRegular />}
              onClick={() => void exports.start()}
              disabled={exports.starting || exports.running}
              data-testid="menu-export"
            >
              {t('menu.export')}
            </MenuItem>
          )}
          {props.can.delete && (
            <MenuItem icon={<DeleteRegular />} onClick={() => setConfirming(true)} data-testid="menu-delete">
              {t('menu.delete')}
            </MenuItem>
          )}
        </MenuList>
        {props.can.export && <ExportSection store={exports} />}
      </DrawerBody>
      <Dialog open={confirming} onOpenChange={(_event, data) => !deleting && setConfirming(data.open)}>
        <DialogSurface data-testid="delete-dialog">
          <DialogBody>
            <DialogTitle>{t('menu.deleteTitle', { name: props.projectName })}</DialogTitle>
            <DialogContent className={styles.closure}>
              {holdsMoney && (
                <>
                  <span data-testid="closure-balance">
                    {t('menu.closureText', { amount: formatMoney(props.balance.amount ?? 0, props.balance.currency, ui.language) })}
                  </span>
                  <RadioGroup value={target} onChange={(_event, data) => setTarget(data.value)} aria-label={t('menu.closureTarget')} disabled={deleting}>
                    <Radio value={WALLET} label={t('menu.closureToWallet')} data-testid="closure-to-wallet" />
                    {props.transferTargets.map((project) => (
                      <Radio
                        key={project.id}
                        value={String(project.id)}
                        label={<span className={styles.targetName}>{t('menu.closureToProject', { name: project.name })}</span>}
                        data-testid={`closure-to-project-${project.id}`}
                      />
                    ))}
                  </RadioGroup>
                </>
              )}
              <span>{t('menu.deleteText')}</span>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirming(false)} disabled={deleting}>
                {t('common:cancel')}
              </Button>
              <Button
                appearance="primary"
                onClick={() => void confirmDelete()}
                disabled={deleting}
                icon={deleting ? <Spinner size="tiny" /> : <DeleteRegular />}
                data-testid="delete-confirm"
              >
                {t(holdsMoney ? 'menu.closureConfirm' : 'menu.deleteConfirm')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </SideDrawer>
  );
});
