import { allBoardPath, overAllBoard, redirectFor, remotesOfPage, taskPath } from './routes.js';

describe('redirectFor', () => {
  it('sends a signed-out visitor of a private route to login, keeping where they were going', () => {
    expect(redirectFor('/project/5', '?x=1', false)).toBe('/login?next=%2Fproject%2F5%3Fx%3D1');
    expect(redirectFor('/', '', false)).toBe('/login');
  });

  it('does not ask to come back after a deliberate sign-out', () => {
    expect(redirectFor('/project/5', '', false, false)).toBe('/login');
  });

  it('leaves public routes alone for signed-out visitors', () => {
    for (const path of ['/login', '/login-as', '/register', '/wregister', '/restore-password']) expect(redirectFor(path, '', false)).toBeNull();
  });

  it('sends a signed-in user away from login and registration, to next when it is a local path', () => {
    expect(redirectFor('/login', '', true)).toBe('/');
    expect(redirectFor('/register', '', true)).toBe('/');
    expect(redirectFor('/login', '?next=%2Ftask%2F3', true)).toBe('/task/3');
  });

  it('refuses to redirect off-site after login', () => {
    expect(redirectFor('/login', '?next=https%3A%2F%2Fevil.example', true)).toBe('/');
    expect(redirectFor('/login', '?next=%2F%2Fevil.example', true)).toBe('/');
  });

  it('lets a signed-in user open login-as (sign in as someone else) and private routes', () => {
    expect(redirectFor('/login-as', '', true)).toBeNull();
    expect(redirectFor('/project/1', '', true)).toBeNull();
  });
});

describe('remotesOfPage: the remotes a page load ends up showing', () => {
  it('shows a signed-out visitor the login form on every page, private or public', () => {
    for (const path of ['/login', '/register', '/', '/project/5', '/task/7', '/profile', '/no-such-page'])
      expect(remotesOfPage(path, '', false)).toEqual(['mf_auth']);
  });

  it('shows a signed-in user the apps of the route, or of where the guard sends them', () => {
    expect(remotesOfPage('/', '', true)).toEqual(['mf_board']);
    expect(remotesOfPage('/project/5', '', true)).toEqual(['mf_board']);
    expect(remotesOfPage('/task/7', '', true)).toEqual(['mf_board', 'mf_task_chat']);
    expect(remotesOfPage('/notifications', '', true)).toEqual(['mf_profile']);
    expect(remotesOfPage('/login', '?next=%2Fprofile', true)).toEqual(['mf_profile']);
    expect(remotesOfPage('/register', '', true)).toEqual(['mf_board']);
    expect(remotesOfPage('/login-as', '', true)).toEqual(['mf_auth']);
  });

  it('names no remote for a page no app serves', () => {
    expect(remotesOfPage('/no-such-page', '', true)).toEqual([]);
  });
});

describe('a task over the all-projects board (issue 33)', () => {
  it('says so in its link, with the board filter kept, and closing goes home with that filter', () => {
    const path = taskPath(5, { board: 'all', taskName: 'банер', projectId: 3 });
    expect(path).toBe('/task/5?projectId=3&taskName=%D0%B1%D0%B0%D0%BD%D0%B5%D1%80&board=all');
    const params = new URL(path, 'http://x').searchParams;
    expect(overAllBoard(params)).toBe(true);
    expect(allBoardPath(params)).toBe('/?projectId=3&taskName=%D0%B1%D0%B0%D0%BD%D0%B5%D1%80');
    expect(allBoardPath(new URLSearchParams('board=all'))).toBe('/');
    expect(overAllBoard(new URLSearchParams('projectId=3'))).toBe(false);
  });
});
