import { redirectFor } from './auth-guard';

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
