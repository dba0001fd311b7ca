/** One attachment: its picture or kind icon on the file's colour, name, size and the file's actions. */
import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Text, Tooltip, makeStyles, tokens } from '@negayno/shared/fluent';
import {
  ArrowDownloadRegular,
  DeleteRegular,
  DocumentRegular,
  FolderZipRegular,
  ImageRegular,
  MoreHorizontalRegular,
  MusicNote2Regular,
  PaintBrushRegular,
  RenameRegular,
  VideoRegular,
} from '@fluentui/react-icons';
import { opensInGallery, type FileKind, type TaskFile } from '@negayno/shared/contract';
import { formatFileSize } from '@negayno/shared/lib';
import type { ReactElement } from 'react';
import { useTranslation } from '@negayno/shared/i18n';

const KIND_ICONS: Record<FileKind, ReactElement> = {
  image: <ImageRegular />,
  video: <VideoRegular />,
  audio: <MusicNote2Regular />,
  archive: <FolderZipRegular />,
  design: <PaintBrushRegular />,
  documents: <DocumentRegular />,
};

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  preview: {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    height: '120px',
    padding: 0,
    border: 'none',
    color: '#fff',
    fontSize: '40px',
    cursor: 'default',
  },
  opens: { cursor: 'zoom-in', ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' } },
  thumb: { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
  footer: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}` },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0, flex: 1 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  size: { color: tokens.colorNeutralForeground3 },
});

export function FileCard(props: { file: TaskFile; editable: boolean; onOpen: () => void; onRename: () => void; onDelete: () => void }) {
  const { t } = useTranslation('task');
  const styles = useStyles();
  const { file } = props;
  const opens = opensInGallery(file.name);
  const picture = file.thumb ? <img className={styles.thumb} src={file.thumb} alt="" loading="lazy" /> : KIND_ICONS[file.kind];
  return (
    <li className={styles.card} data-testid="file-card" data-file-id={file.id}>
      {opens ? (
        <button
          type="button"
          className={`${styles.preview} ${styles.opens}`}
          style={{ backgroundColor: file.color }}
          onClick={props.onOpen}
          aria-label={t('files.open', { name: file.name })}
          data-testid="file-open"
        >
          {picture}
        </button>
      ) : (
        <div className={styles.preview} style={{ backgroundColor: file.color }} aria-hidden>
          {picture}
        </div>
      )}
      <div className={styles.footer}>
        <div className={styles.text}>
          <Tooltip content={file.name} relationship="description">
            <Text className={styles.name} data-testid="file-name">
              {file.name}
            </Text>
          </Tooltip>
          <Text size={200} className={styles.size}>
            {formatFileSize(file.size)}
          </Text>
        </div>
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Button appearance="subtle" icon={<MoreHorizontalRegular />} aria-label={t('files.actions', { name: file.name })} data-testid="file-menu" />
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              <MenuItem icon={<ArrowDownloadRegular />} onClick={() => window.open(`${file.url}?download=1`, '_self')}>
                {t('files.download')}
              </MenuItem>
              {props.editable && (
                <MenuItem icon={<RenameRegular />} onClick={props.onRename} data-testid="file-rename">
                  {t('files.rename')}
                </MenuItem>
              )}
              {props.editable && (
                <MenuItem icon={<DeleteRegular />} onClick={props.onDelete} data-testid="file-delete">
                  {t('files.delete')}
                </MenuItem>
              )}
            </MenuList>
          </MenuPopover>
        </Menu>
      </div>
    </li>
  );
}
