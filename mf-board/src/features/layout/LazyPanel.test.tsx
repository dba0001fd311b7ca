import { renderInApp } from '@negayno/shared/testing';
import { act, screen } from '@testing-library/react';
import { lazy, type ComponentType } from 'react';
import { LazyPanel } from './LazyPanel';

/** A lazy panel whose code arrives when the test says so, counting how often it is asked for. */
function deferredPanel() {
  let deliver: (module: { default: ComponentType }) => void = () => undefined;
  const asked = { count: 0 };
  const Panel = lazy(() => {
    asked.count += 1;
    return new Promise<{ default: ComponentType }>((resolve) => {
      deliver = resolve;
    });
  });
  return { Panel, asked, deliver: (component: ComponentType) => act(async () => deliver({ default: component })) };
}

const Loaded = () => <div data-testid="panel-body">panel</div>;

describe('LazyPanel', () => {
  it('asks for nothing while never opened', async () => {
    const { Panel, asked } = deferredPanel();
    await renderInApp(
      <LazyPanel open={false}>
        <Panel />
      </LazyPanel>,
      { language: 'en' },
    );
    expect(asked.count).toBe(0);
    expect(screen.queryByTestId('panel-loading')).not.toBeInTheDocument();
  });

  it('shows a spinner while its code is on the way, then the panel, and keeps it mounted once closed', async () => {
    const { Panel, asked, deliver } = deferredPanel();
    const view = await renderInApp(
      <LazyPanel open={false}>
        <Panel />
      </LazyPanel>,
      { language: 'en' },
    );
    view.rerender(
      <LazyPanel open>
        <Panel />
      </LazyPanel>,
    );
    expect(await screen.findByTestId('panel-loading')).toHaveTextContent('Loading');
    expect(asked.count).toBe(1);
    await deliver(Loaded);
    expect(screen.getByTestId('panel-body')).toBeInTheDocument();
    expect(screen.queryByTestId('panel-loading')).not.toBeInTheDocument();
    // Closed again, it stays mounted (its own `open` lets the drawer animate shut) and is not asked for again.
    view.rerender(
      <LazyPanel open={false}>
        <Panel />
      </LazyPanel>,
    );
    expect(screen.getByTestId('panel-body')).toBeInTheDocument();
    expect(asked.count).toBe(1);
  });
});
