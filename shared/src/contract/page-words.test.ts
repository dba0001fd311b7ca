import { NAMESPACES, namespacesOfPage, namespacesOfRemote, REMOTE_NAMESPACES, REMOTE_PACKAGES, wordsChunkName } from './index';

describe("a page's first words", () => {
  it("are the frame's and those of the remotes the page ends up showing, once each", () => {
    expect(namespacesOfPage('/login', '', false)).toEqual(['common', 'errors', 'auth']);
    // Signed out, a private page is the login form.
    expect(namespacesOfPage('/project/12', '', false)).toEqual(['common', 'errors', 'auth']);
    expect(namespacesOfPage('/project/12', '', true)).toEqual(['common', 'errors', 'board', 'chat']);
    expect(namespacesOfPage('/task/3', '?projectId=1', true)).toEqual(['common', 'errors', 'board', 'chat', 'task', 'workflow']);
    // Signed in, the login form sends the visitor on.
    expect(namespacesOfPage('/login', '?next=/profile', true)).toEqual(['common', 'errors', 'profile']);
  });

  it('name a namespace of the list for every remote by its package, none for anything else, and a chunk per language and namespace', () => {
    expect(Object.keys(REMOTE_NAMESPACES).sort()).toEqual([...REMOTE_PACKAGES].sort());
    expect(namespacesOfRemote('mf-task-chat')).toEqual(['task', 'chat', 'workflow']);
    for (const name of ['fallback-mf_board', '__proto__', 'constructor']) expect(namespacesOfRemote(name)).toEqual([]);
    for (const namespaces of Object.values(REMOTE_NAMESPACES)) for (const namespace of namespaces) expect(NAMESPACES).toContain(namespace);
    expect(wordsChunkName('en', 'auth')).toBe('words-en-auth');
  });
});
