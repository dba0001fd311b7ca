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

  // The return from a card checkout (`?payment={orderId}`, on a project's page for its balance) opens the drawer that shows the result.
  useEffect(() => {
    const url = new URL(window.location.href);
    const orderId = url.searchParams.get('payment');
    if (!orderId) return;
    const projectId = Number(/^\/project\/(\d+)/.exec(url.pathname)?.[1]);
    ui.openWallet(projectId ? { kind: 'project', projectId, orderId } : { kind: 'user', orderId });
    url.searchParams.delete('payment');
    window.history.replaceState(window.history.state, '', url);
  }, [ui]);

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
      parcel = mountRootParcel(config, { domElement, ...request, onClose: () => ui.closeWallet() });
    };

    onRemoteRetry('mf_wallet', () => {
      props.registry.forget('mf_wallet');
      void mount();
    });
    const dispose = reaction(
      () => ui.wallet,
      () => void mount(),
    );
    return () => {
      dispose();
      void unmount();
    };
  }, [props.registry, ui]);

  return <div ref={container} data-testid="wallet-parcel-host" />;
}
