import { createRemoteLifecycles } from '@negayno/shared/ui';
import { TaskChatApp } from '../TaskChatApp';

export const { bootstrap, mount, unmount } = createRemoteLifecycles('mf-task-chat', TaskChatApp);
