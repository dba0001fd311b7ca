import { createRemoteLifecycles } from '@negayno/shared/ui';
import { BoardApp } from '../BoardApp';

export const { bootstrap, mount, unmount } = createRemoteLifecycles('mf-board', BoardApp);
