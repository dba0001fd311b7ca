import { createRemoteLifecycles } from '@negayno/shared/ui';
import { AuthApp } from '../AuthApp';

export const { bootstrap, mount, unmount } = createRemoteLifecycles('mf-auth', AuthApp);
