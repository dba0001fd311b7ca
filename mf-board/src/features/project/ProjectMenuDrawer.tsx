import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DrawerBody,
  MenuItem,
  MenuList,
  Spinner,
  makeStyles,
} from '@negayno/shared/fluent';
import { ArchiveRegular, DeleteRegular, SettingsRegular } from '@fluentui/react-icons';
import { DRAWER_MAX_WIDTH, type ProjectPermissions } from '@negayno/shared/contract';
import { SideDrawer } from '@negayno/shared/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({ drawer: { width: `min(${DRAWER_MAX_WIDTH - 120}px, 100vw)` } });

export type ProjectMenuChoice = 'archive' | 'settings';

/** The project menu (spec 2): the archive for everyone; settings and delete as the project's `can` offers. */
export function ProjectMenuDrawer(props: {
  projectName: string;
  can: Pick<ProjectPermissions, 'openSettings' | 'delete'>;
  onChoose: (choice: ProjectMenuChoice) => void;
  onDelete: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('board');
  const styles = useStyles();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const confirmDelete = async () => {
    setDeleting(true);
    try {
      await props.onDelete();
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
          {props.can.delete && (
            <MenuItem icon={<DeleteRegular />} onClick={() => setConfirming(true)} data-testid="menu-delete">
              {t('menu.delete')}
            </MenuItem>
          )}
        </MenuList>
      </DrawerBody>
      <Dialog open={confirming} onOpenChange={(_event, data) => !deleting && setConfirming(data.open)}>
        <DialogSurface data-testid="delete-dialog">
          <DialogBody>
            <DialogTitle>{t('menu.deleteTitle', { name: props.projectName })}</DialogTitle>
            <DialogContent>{t('menu.deleteText')}</DialogContent>
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
                {t('menu.deleteConfirm')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </SideDrawer>
  );
}
