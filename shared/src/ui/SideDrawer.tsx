import { Button, DrawerHeader, DrawerHeaderTitle, OverlayDrawer } from '@negayno/shared/fluent';
import { DismissRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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

/**
 * The drawer every screen opens at the end side: a title with a close button; Escape and a click
 * outside close it too (Fluent's OverlayDrawer), focus is trapped inside while open.
 */
export function SideDrawer(props: SideDrawerProps) {
  const { t } = useTranslation('common');
  return (
    <OverlayDrawer
      open={props.open ?? true}
      position="end"
      className={props.className}
      onOpenChange={(_event, data) => !data.open && props.onClose()}
      aria-label={props.ariaLabel}
      data-testid={props.testId}
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button
              appearance="subtle"
              aria-label={props.closeLabel ?? t('close')}
              icon={<DismissRegular />}
              onClick={props.onClose}
              data-testid={props.closeTestId}
            />
          }
        >
          {props.title}
        </DrawerHeaderTitle>
      </DrawerHeader>
      {props.children}
    </OverlayDrawer>
  );
}
