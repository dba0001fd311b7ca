import { Button, makeStyles, type ButtonProps } from '@negayno/shared/fluent';
import { LocalLanguageRegular } from '@fluentui/react-icons';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import type { Ref } from 'react';
import { useTranslation } from '@negayno/shared/i18n';

// Fluent buttons are at least 96 px wide: too much for five of them in a phone's top bar.
const useStyles = makeStyles({ compact: { minWidth: 'auto' } });

/** The language menu's button: alone until the menu's chunk has come, then its trigger (LanguageMenu.tsx). */
export const LanguageButton = observer(function LanguageButton(props: ButtonProps & { ref?: Ref<HTMLButtonElement> }) {
  const { ui } = useStores();
  const { t } = useTranslation('common');
  const styles = useStyles();
  return (
    <Button
      appearance="subtle"
      className={styles.compact}
      icon={<LocalLanguageRegular />}
      aria-label={t('language.label')}
      data-testid="language-menu"
      {...props}
    >
      {ui.language.toUpperCase()}
    </Button>
  );
});
