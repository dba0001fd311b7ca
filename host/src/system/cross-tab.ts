/** Login and logout in one tab reach the others (spec 4). */
import { crossTab } from '@negayno/shared/bus';
import type { RootStore } from '@negayno/shared/stores';

export function listenToOtherTabs(root: RootStore): () => void {
  return crossTab.listen((message) => {
    if (message.type === 'logout') root.session.clear({ signedOut: true });
    else if (message.type === 'login' && root.session.user?.id !== message.userId) void root.session.bootstrap();
  });
}
