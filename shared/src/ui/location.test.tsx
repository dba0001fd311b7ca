import { act, render, screen } from '@testing-library/react';
import { isRoute, matchRoute, usePathname, useSearchParams } from './location';

beforeEach(() => window.history.replaceState(null, '', '/'));

describe('routes matched from the address', () => {
  test('a static route matches in any letter case, with or without a trailing slash, and nothing longer', () => {
    expect(isRoute('/profile', '/profile')).toBe(true);
    expect(isRoute('/Profile/', '/profile')).toBe(true);
    expect(isRoute('/', '/')).toBe(true);
    expect(isRoute('/profile/extra', '/profile')).toBe(false);
    expect(isRoute('/', '/profile')).toBe(false);
  });

  test('a pattern gives its parameters decoded (a malformed escape as it is), keeps their case, and refuses a missing or extra segment', () => {
    expect(matchRoute('/task/42', '/task/:taskId')).toEqual({ taskId: '42' });
    expect(matchRoute('/TASK/42/', '/task/:taskId')).toEqual({ taskId: '42' });
    expect(matchRoute('/project/a%20B', '/project/:projectId')).toEqual({ projectId: 'a B' });
    expect(matchRoute('/task/', '/task/:taskId')).toBeNull();
    expect(matchRoute('/task', '/task/:taskId')).toBeNull();
    expect(matchRoute('/task/1/chat', '/task/:taskId')).toBeNull();
    expect(matchRoute('/project/1', '/task/:taskId')).toBeNull();
    expect(matchRoute('/task/%E0%A4%A', '/task/:taskId')).toEqual({ taskId: '%E0%A4%A' });
  });
});

test('the address hooks follow a navigation another app makes', () => {
  function Address() {
    return (
      <output data-testid="address">
        {usePathname()}|{useSearchParams().get('projectId')}
      </output>
    );
  }
  render(<Address />);
  expect(screen.getByTestId('address')).toHaveTextContent('/|');
  // single-spa turns another app's pushState into a popstate.
  act(() => {
    window.history.pushState(null, '', '/task/5?projectId=3');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  expect(screen.getByTestId('address')).toHaveTextContent('/task/5|3');
});
