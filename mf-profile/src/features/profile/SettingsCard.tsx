import { Field } from '@negayno/shared/fluent';
import { Radio, RadioGroup, Switch } from '@negayno/shared/fluent-panels';
import { LANGUAGES, THEMES, type Language, type SettingsBody, type Theme, type UserProfile } from '@negayno/shared/contract';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { useTranslation } from '@negayno/shared/i18n';
import { SectionCard } from './SectionCard';

/**
 * The account's settings, saved as they change. Language and theme apply at once on this device and
 * are kept on the account too.
 */
export const SettingsCard = observer(function SettingsCard({ user }: { user: UserProfile }) {
  const { profile, ui } = useStores();
  const { t } = useTranslation(['profile', 'common']);

  // A refusal is shown by the host's alert (the call is not quiet); the switch stays as the server has it.
  const save = (settings: SettingsBody) => void profile.updateSettings(settings).catch(() => undefined);
  const setLanguage = (language: Language) => {
    void ui.setLanguage(language);
    save({ language });
  };
  const setTheme = (theme: Theme) => {
    ui.setTheme(theme);
    save({ theme });
  };

  return (
    <SectionCard title={t('settings')} testId="profile-settings">
      <Switch
        checked={user.notifyAllTasks}
        onChange={(_event, data) => save({ notifyAllTasks: data.checked })}
        label={t('notifyAllTasks')}
        data-testid="settings-notify-all"
      />
      <Switch
        checked={user.doubleSpaces}
        onChange={(_event, data) => save({ doubleSpaces: data.checked })}
        label={t('doubleSpaces')}
        data-testid="settings-double-spaces"
      />
      <Field label={t('languageHint')}>
        <RadioGroup layout="horizontal" value={ui.language} onChange={(_event, data) => setLanguage(data.value as Language)} data-testid="profile-language">
          {LANGUAGES.map((language) => (
            <Radio key={language} value={language} label={t(`common:language.${language}`)} />
          ))}
        </RadioGroup>
      </Field>
      <Field label={t('themeHint')}>
        <RadioGroup layout="horizontal" value={ui.theme} onChange={(_event, data) => setTheme(data.value as Theme)} data-testid="profile-theme">
          {THEMES.map((theme) => (
            <Radio key={theme} value={theme} label={t(`common:theme.${theme}`)} />
          ))}
        </RadioGroup>
      </Field>
    </SectionCard>
  );
});
