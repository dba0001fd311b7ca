import { Button, Field, Input, makeStyles } from '@negayno/shared/fluent';
import { CheckmarkRegular, CopyRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from '@negayno/shared/i18n';

const useStyles = makeStyles({ input: { width: '100%', minWidth: 0 } });

/** A read-only value with a copy button (promo code, links, the bot command). */
export function CopyField(props: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation('profile');
  const styles = useStyles();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard
      ?.writeText(props.value)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  return (
    <Field label={props.label}>
      <Input
        className={styles.input}
        readOnly
        value={props.value}
        data-testid={props.testId}
        onFocus={(event) => event.target.select()}
        contentAfter={
          <Button
            appearance="transparent"
            size="small"
            icon={copied ? <CheckmarkRegular /> : <CopyRegular />}
            aria-label={copied ? t('partner.copied') : t('partner.copy')}
            onClick={copy}
          />
        }
      />
    </Field>
  );
}
