import { act, screen } from '@testing-library/react';
import { i18n, useTranslation } from '@negayno/shared/i18n';
import type { AppProps } from 'single-spa';
import { createRemoteLifecycles } from './lifecycles';

function WalletTitle() {
  const { t } = useTranslation('wallet');
  return <h1>{t('title')}</h1>;
}

describe("a remote's lifecycles", () => {
  it('boot only once the namespaces the remote shows are loaded, then mount its words, not its keys', async () => {
    const lifecycles = createRemoteLifecycles('mf-wallet', WalletTitle);
    expect(i18n.hasResourceBundle('uk', 'wallet')).toBe(false);

    const domElement = document.body.appendChild(document.createElement('div'));
    const props = { name: 'mf-wallet', domElement } as unknown as AppProps;
    await (lifecycles.bootstrap as (props: AppProps) => Promise<void>)(props);
    expect(i18n.hasResourceBundle('uk', 'wallet')).toBe(true);
    // Only the remote's own namespaces and the frame's: not every language, not every namespace.
    expect(i18n.hasResourceBundle('en', 'wallet')).toBe(false);
    expect(i18n.hasResourceBundle('uk', 'board')).toBe(false);

    // single-spa-react resolves mount from the root's first effect, which act flushes as it ends.
    let mounted: Promise<void> | undefined;
    await act(async () => {
      mounted = (lifecycles.mount as (props: AppProps) => Promise<void>)(props);
    });
    await mounted;
    expect(await screen.findByRole('heading', { name: 'Гаманець' })).toBeInTheDocument();
    await act(() => (lifecycles.unmount as (props: AppProps) => Promise<void>)(props));
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});
