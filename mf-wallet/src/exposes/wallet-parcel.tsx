import { createRemoteLifecycles } from '@negayno/shared/ui';
import { WalletDrawer } from '../features/wallet/WalletDrawer';

/** A single-spa parcel: the host mounts it while `ui.wallet` asks for a wallet drawer. */
export const { bootstrap, mount, unmount } = createRemoteLifecycles('mf-wallet', WalletDrawer);
