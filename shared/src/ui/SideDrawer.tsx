import { Button, makeStyles } from '@negayno/shared/fluent';
import { DrawerHeader, DrawerHeaderTitle, OverlayDrawer } from '@negayno/shared/fluent-panels';
import { DismissRegular } from '@fluentui/react-icons';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { useReturnFocus } from './useReturnFocus.js';

export interface SideDrawerProps {
  title: ReactNode;
  onClose: () => void;
  /** Open unless told otherwise: most drawers are mounted only while shown. */
  open?: boolean;
  className?: string;
  /** The drawer's accessible name when the title is not plain text. */
  ariaLabel?: string;
  testId?: string;
  closeTestId?: string;
  /** The close button's label when plain "Close" says too little ("Close task"). */
  closeLabel?: string;
  /** The body (a DrawerBody, perhaps wrapped in a form with a footer). */
  children: ReactNode;
}

const useStyles = makeStyles({
  // Fluent pulls the close button 8 px past the title's box; on a phone that is a sideways overflow.
  action: { marginRight: 0 },
  heading: { minWidth: 0, overflowWrap: 'anywhere' },
});

/**
 * The drawer every screen opens at the end side: a title with a close button; Escape and a click
 * outside close it too (Fluent's OverlayDrawer). Focus is trapped inside while open (Fluent's modal drawer)
 * and goes back to what opened it when it closes.
 */
export function SideDrawer(props: SideDrawerProps) {
  const { t } = useTranslation('common');
  const open = props.open ?? true;
  const surface = useRef<HTMLDivElement>(null);
  const styles = useStyles();
  useReturnFocus(open, surface);
  return (
    <OverlayDrawer
      ref={surface}
      open={open}
      position="end"
      className={props.className}
      onOpenChange={(_event, data) => !data.open && props.onClose()}
      aria-label={props.ariaLabel}
      data-testid={props.testId}
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          heading={{ className: styles.heading }}
          action={{
            className: styles.action,
            children: (
              <Button
                appearance="subtle"
                aria-label={props.closeLabel ?? t('close')}
                icon={<DismissRegular />}
                onClick={props.onClose}
                data-testid={props.closeTestId}
              />
            ),
          }}
        >
          {props.title}
        </DrawerHeaderTitle>
      </DrawerHeader>
      {props.children}
    </OverlayDrawer>
  );
}
