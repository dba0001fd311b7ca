import { createRemoteLifecycles } from '@negayno/shared/ui';
import { ProfileApp } from '../ProfileApp';

export const { bootstrap, mount, unmount } = createRemoteLifecycles('mf-profile', ProfileApp);
