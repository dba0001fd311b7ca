import { renderInApp } from '@negayno/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, type ComponentType } from 'react';
import { LazyPanel, lazyPanel } from './LazyPanel';

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

  it('lazyPanel fetches a component with an `open` prop when that is first true, one without as it mounts', async () => {
    const loads = { opened: 0, mounted: 0 };
    const Opened = lazyPanel(async () => {
      loads.opened += 1;
      return (props: { open: boolean }) => <div data-testid="opened-body">{String(props.open)}</div>;
    });
    const Mounted = lazyPanel(async () => {
      loads.mounted += 1;
      return (props: { label: string }) => <div data-testid="mounted-body">{props.label}</div>;
    });
    const view = await renderInApp(<Opened open={false} />, { language: 'en' });
    expect(loads.opened).toBe(0);
    view.rerender(<Opened open />);
    expect(await screen.findByTestId('opened-body')).toHaveTextContent('true');
    view.rerender(<Mounted label="members" />);
    expect(await screen.findByTestId('mounted-body')).toHaveTextContent('members');
    expect(loads).toEqual({ opened: 1, mounted: 1 });
  });

  it('says a panel whose code could not be fetched failed, where it would open, with a retry and a close', async () => {
    let failures = 1;
    const closed = jest.fn();
    const Drawer = lazyPanel(async () => {
      if (failures-- > 0) throw new Error('ChunkLoadError');
      return (props: { onClose: () => void }) => (
        <button type="button" onClick={props.onClose} data-testid="drawer-body">
          drawer
        </button>
      );
    });
    const view = await renderInApp(<Drawer onClose={closed} />, { language: 'en' });
    expect(await screen.findByTestId('panel-failed')).toHaveTextContent('Could not load this');
    // Focused by an effect, which runs once the notice is in the page (a moment later on a busy machine).
    await waitFor(() => expect(screen.getByTestId('panel-retry')).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(closed).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByTestId('panel-retry'));
    expect(await screen.findByTestId('drawer-body')).toBeInTheDocument();
    expect(screen.queryByTestId('panel-failed')).not.toBeInTheDocument();
    view.unmount();
  });

  it('hides the failure notice of a panel that is closed', async () => {
    const Filter = lazyPanel<{ open: boolean }>(() => Promise.reject(new Error('offline')));
    const view = await renderInApp(<Filter open />, { language: 'en' });
    expect(await screen.findByTestId('panel-failed')).toBeInTheDocument();
    view.rerender(<Filter open={false} />);
    expect(screen.queryByTestId('panel-failed')).not.toBeInTheDocument();
  });
});
