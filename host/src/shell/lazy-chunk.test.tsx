import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ComponentType, type ReactNode } from 'react';
import { lazyChunk } from './lazy-chunk';

class Catch extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>crashed</p> : this.props.children;
  }
}

function Menu() {
  return <p>menu</p>;
}

/** The part as the shell shows it: behind a Suspense fallback, under a boundary that says when it crashed. */
function renderPart(Part: ComponentType) {
  render(
    <Catch>
      <Suspense fallback={<p>waiting</p>}>
        <Part />
      </Suspense>
    </Catch>,
  );
}

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

describe('lazyChunk: a deferred part of the shell', () => {
  afterEach(() => setOnline(true));

  it('waits offline behind its fallback, then loads once the browser is back online', async () => {
    setOnline(false);
    let attempts = 0;
    const Part = lazyChunk(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('Loading chunk 503 failed');
      return { default: Menu };
    });
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderPart(Part);
    await act(async () => {});
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(screen.queryByText('crashed')).toBeNull();
    setOnline(true);
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('menu')).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it('still fails when the chunk cannot be had while online (a chunk gone after a deploy)', async () => {
    const Part = lazyChunk(() => Promise.reject(new Error('Loading chunk 404 failed')));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderPart(Part);
    expect(await screen.findByText('crashed')).toBeTruthy();
  });
});
