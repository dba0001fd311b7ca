/**
 * The language menu. Fluent's Menu brings tabster and the positioning engine (about 35 kB gzip), which
 * the sign-in page does not need to show its form, so it comes in a chunk of its own once the first
 * screen is up (Header.tsx); until then the same button stands alone, and a click on it loads the
 * menu and opens it.
 */
import { Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger } from '@negayno/shared/fluent-kit';
import { LANGUAGES, type Language } from '@negayno/shared/contract';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { LanguageButton } from './LanguageButton';

export const LanguageMenu = observer(function LanguageMenu(props: { openAtOnce: boolean; focusAtOnce: boolean }) {
  const { ui } = useStores();
  const { t } = useTranslation('common');
  const trigger = useRef<HTMLButtonElement>(null);
  const { focusAtOnce } = props;
  // The button replaced the stand-alone one: focus stays where the person left it.
  useLayoutEffect(() => {
    if (focusAtOnce) trigger.current?.focus();
  }, [focusAtOnce]);
  return (
    <Menu
      defaultOpen={props.openAtOnce}
      checkedValues={{ language: [ui.language] }}
      onCheckedValueChange={(_event, data) => void ui.setLanguage(data.checkedItems[0] as Language)}
    >
      <MenuTrigger disableButtonEnhancement>
        <LanguageButton ref={trigger} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {LANGUAGES.map((language) => (
            <MenuItemRadio key={language} name="language" value={language} data-testid={`language-${language}`}>
              {t(`language.${language}`)}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
});
