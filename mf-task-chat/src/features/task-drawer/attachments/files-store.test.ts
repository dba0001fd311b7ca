import type { TaskFile } from '@negayno/shared/contract';
import { apiServerForFile } from '@negayno/shared/testing';
import { waitFor } from '@testing-library/react';
import { FilesStore } from './files-store';

const server = apiServerForFile();

function file(id: number, name: string): TaskFile {
  return { id, name, extension: 'png', kind: 'image', url: `/file/${id}`, thumb: null, size: 10, color: '#ccc', width: 1, height: 1, dateCreate: 1 };
}

const picked = (name: string) => new File(['x'], name, { type: 'image/png' });

describe('the drawer files (issue 33, item 8)', () => {
  it('shows both files picked at once, though the socket asks the list again while the second one lands', async () => {
    const first = file(1, 'a.png');
    const second = file(2, 'b.png');
    let lists = 0;
    // The server stores both; its list is slow, and the first list was taken before the second file arrived.
    server.routes['GET /task/5/files'] = () => ((lists += 1) === 1 ? { data: [first], delayMs: 300 } : { data: [first, second], delayMs: 300 });
    server.routes['POST /task/5/upload-file'] = { data: second };
    const store = new FilesStore();
    store.taskId = 5;
    const listing = store.load(); // the socket's event for the first file
    store.upload([picked('b.png')]);
    await waitFor(() => expect(store.uploads).toHaveLength(0));
    expect(store.files.map((known) => known.id)).toEqual([2]);
    const again = store.load(); // the socket's event for the second file
    await Promise.all([listing, again]);
    expect(store.files.map((known) => known.name)).toEqual(['a.png', 'b.png']);
    expect(lists).toBe(2);
  });

  it('keeps a file uploaded while an older list is on its way, and drops one deleted elsewhere later', async () => {
    const first = file(1, 'a.png');
    const second = file(2, 'b.png');
    server.routes['GET /task/6/files'] = { data: [first], delayMs: 300 };
    server.routes['POST /task/6/upload-file'] = { data: second };
    const store = new FilesStore();
    store.taskId = 6;
    const listing = store.load();
    store.upload([picked('b.png')]);
    await listing;
    expect(store.files.map((known) => known.name)).toEqual(['a.png', 'b.png']);
    // A list asked for after the upload is the truth: b.png was deleted by someone else meanwhile.
    server.routes['GET /task/6/files'] = { data: [first] };
    await store.load();
    expect(store.files.map((known) => known.name)).toEqual(['a.png']);
  });
});
