import { readsOfPage } from './page-reads';
import { filterQuery, parseFilter } from './task-filter';

describe('a board filter as a query', () => {
  it('keeps the non-empty trimmed values in a fixed order and reads them back', () => {
    const query = filterQuery({ taskName: '  Logo ', projectId: '4', taskNumber: '' });
    expect(query).toBe('taskName=Logo&projectId=4');
    expect(parseFilter(new URLSearchParams(`${query}&other=1`))).toEqual({ taskName: 'Logo', projectId: '4' });
  });
});

describe('the reads a page names in its preload hints (issue 39)', () => {
  it('names nothing signed out, nor for a page the route guard leaves', () => {
    expect(readsOfPage('/project/3', '', false)).toEqual([]);
    expect(readsOfPage('/login', '', true)).toEqual([]);
  });

  it("names the session's reads on every signed-in page, the project list and the board on a project's page", () => {
    expect(readsOfPage('/profile', '', true)).toEqual(['/user/profile', '/version']);
    expect(readsOfPage('/project/3', '?taskName=logo&other=1', true)).toEqual([
      '/user/profile',
      '/version',
      '/projects',
      '/project/3',
      '/project/3/tasks?taskName=logo',
    ]);
  });

  it("names a task's reads and the board of its project under it, but not the staff's board across projects", () => {
    expect(readsOfPage('/task/9', '?projectId=3&taskNumber=12', true)).toEqual([
      '/user/profile',
      '/version',
      '/projects',
      '/project/3',
      '/project/3/tasks?taskNumber=12',
      '/task/9',
      '/task/9/actions',
      '/task/9/documents',
      '/task/9/files',
    ]);
    expect(readsOfPage('/task/9', '?board=all&projectId=3', true)).toEqual([
      '/user/profile',
      '/version',
      '/projects',
      '/task/9',
      '/task/9/actions',
      '/task/9/documents',
      '/task/9/files',
    ]);
  });

  it("names the home's board by what the viewer's home shows: the staff's across projects, none for a client's first project", () => {
    expect(readsOfPage('/', '?projectId=2&taskName=logo', true, 'allProjects')).toEqual([
      '/user/profile',
      '/version',
      '/projects',
      '/tasks?taskName=logo&projectId=2',
    ]);
    expect(readsOfPage('/', '', true, 'firstProject')).toEqual(['/user/profile', '/version', '/projects']);
    // The session not known (the hint cookie only): no board.
    expect(readsOfPage('/', '', true)).toEqual(['/user/profile', '/version', '/projects']);
  });

  it('names the staff board under a task opened from it, with its filter', () => {
    expect(readsOfPage('/task/9', '?board=all&projectId=3', true, 'allProjects')).toContain('/tasks?projectId=3');
  });
});
