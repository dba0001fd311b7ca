/**
 * Mounts the wallet drawer, a single-spa parcel of mf-wallet, while `ui.wallet` asks for it. Any
 * remote opens it through the store (`rootStore.ui.openWallet`), never by importing mf-wallet.
 */
import { useStores } from '@negayno/shared/stores';
import { reaction } from 'mobx';
import { useEffect, useRef } from 'react';
import { mountRootParcel, type Parcel, type ParcelConfig } from 'single-spa';
import { onRemoteRetry } from '../remotes/fallback';
import type { RemoteRegistry } from '../remotes/registry';

export function WalletParcelHost(props: { registry: RemoteRegistry }) {
  const { ui } = useStores();
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let parcel: Parcel | null = null;
    let generation = 0;

    const unmount = async () => {
      const current = parcel;
      parcel = null;
      if (current && current.getStatus() === 'MOUNTED') await current.unmount();
    };

    const mount = async () => {
      const request = ui.wallet;
      const mine = ++generation;
      await unmount();
      if (!request || !container.current) return;
      const config = await props.registry.load<ParcelConfig>('mf_wallet', 'wallet-parcel');
      if (mine !== generation || !container.current) return;
      const domElement = document.createElement('div');
      container.current.replaceChildren(domElement);
      // The parcel leaves the page at once on close, before the drawer could give focus back: the host does.
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      parcel = mountRootParcel(config, {
        domElement,
        ...request,
        onClose: () => {
          ui.closeWallet();
          opener?.focus();
        },
      });
    };

    onRemoteRetry('mf_wallet', () => {
      props.registry.forget('mf_wallet');
      void mount();
    });
    const dispose = reaction(
      () => ui.wallet,
      () => void mount(),
    );
    // A drawer asked for before this host was (re)mounted is shown too.
    if (ui.wallet) void mount();
    return () => {
      dispose();
      void unmount();
    };
  }, [props.registry, ui]);

  return <div ref={container} data-testid="wallet-parcel-host" />;
}
