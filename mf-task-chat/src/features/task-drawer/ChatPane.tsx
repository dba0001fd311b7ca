/** The right pane, kept for the task's chat: until the chat is built it says so plainly. */
import { ChatMultipleRegular } from '@fluentui/react-icons';
import { EmptyState } from '@negayno/shared/ui';
import { useTranslation } from 'react-i18next';

export function ChatPane() {
  const { t } = useTranslation('task');
  return <EmptyState icon={<ChatMultipleRegular />} title={t('chatPending.title')} text={t('chatPending.text')} testId="task-chat-pending" />;
}
