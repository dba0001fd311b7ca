/**
 * single-spa lifecycles for a remote's React root. Every remote exposes the result of this one
 * function, so they all mount the same way (theme, i18n, error boundary).
 */
import type { ComponentType } from 'react';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { AppProps, LifeCycles } from 'single-spa';
import { namespacesOfRemote } from '@negayno/shared/contract';
import { loadNamespaces } from '@negayno/shared/i18n';
import { RemoteRoot } from './RemoteRoot.js';

/**
 * `name` is the remote's package (`mf-board`). The translations it shows besides the frame's
 * (the contract's REMOTE_NAMESPACES) load while it boots, so no screen of it renders before its words are in.
 */
export function createRemoteLifecycles<Props extends object>(name: string, Root: ComponentType<Props>): LifeCycles<Props> {
  // Asked for as the remote's code arrives, not when single-spa first boots it.
  const wordsLoaded = loadNamespaces(namespacesOfRemote(name));
  const lifecycles = singleSpaReact<Props>({
    React,
    ReactDOMClient,
    rootComponent: (props: Props) => (
      <RemoteRoot name={name}>
        <Root {...props} />
      </RemoteRoot>
    ),
    // RemoteRoot has the real boundary (themed, with retry); this one only catches a failure of the
    // providers themselves, where no theme is available.
    errorBoundary: () => <p role="alert">{name}: something went wrong. Reload the page.</p>,
  });
  return {
    bootstrap: async (props: Props & AppProps) => {
      await wordsLoaded;
      await lifecycles.bootstrap(props);
    },
    mount: lifecycles.mount,
    unmount: lifecycles.unmount,
    update: lifecycles.update,
  } as LifeCycles<Props>;
}
