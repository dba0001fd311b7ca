import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TaskCard, TaskFile } from '@negayno/shared/contract';
import sharp from 'sharp';
import type { UserRow } from '../../db/schema.js';
import { addMember, createProject, createTask, createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';
import { startS3StandIn, type S3StandIn } from '../../test/s3-stand-in.js';
import type { S3FileStore } from './s3-store.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** The same behaviour whichever store holds the bytes: the local disk, or an S3-compatible store (S3_URL, a stand-in on loopback). */
const STORES = ['the local disk', 'an S3-compatible store'] as const;

describe.each(STORES)('task files on %s: upload checked by type and content, served only to readers (spec 5, 6, 7)', (store) => {
  let ctx: TestContext;
  let filesDir: string;
  let s3: S3StandIn | null = null;
  let people: Record<'admin' | 'author' | 'guest' | 'outsider', UserRow>;
  let cookies: Record<keyof typeof people, string>;
  let project: { id: number; name: string };
  let png: Buffer;

  const upload = (taskId: number, filename: string, content: Buffer, who: keyof typeof people = 'author') => {
    const body = multipart(filename, content);
    return ctx.request<TaskFile>('POST', `/api/task/${taskId}/upload-file`, { cookie: cookies[who], payload: body.payload, headers: body.headers });
  };
  const dataOf = <T>(response: { body: unknown }): T => {
    const body = response.body as { status: string; data: T };
    if (body.status !== 'ok') throw new Error(`not ok: ${JSON.stringify(body)}`);
    return body.data;
  };
  const onDisk = () => readdirSync(filesDir, { recursive: true }).filter((name) => !String(name).startsWith('.uploads') && String(name).includes('.')).length;
  /** Stored files, where the store keeps them (with S3 the disk holds none: only uploads in progress pass through it). */
  const storedCount = () => {
    if (!s3) return onDisk();
    expect(onDisk()).toBe(0);
    return s3.objects.size;
  };

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'negayno-files-'));
    if (store === 'an S3-compatible store') s3 = await startS3StandIn();
    ctx = await createTestContext({ env: { FILES_DIR: filesDir, FILE_MAX_MB: '1', S3_URL: s3?.url } });
    people = { admin: await createUser(ctx.db), author: await createUser(ctx.db), guest: await createUser(ctx.db), outsider: await createUser(ctx.db) };
    project = await createProject(ctx.db, { owner: people.admin });
    await addMember(ctx.db, project, people.author, 'user');
    await addMember(ctx.db, project, people.guest, 'guest');
    cookies = {} as typeof cookies;
    for (const [key, user] of Object.entries(people)) cookies[key as keyof typeof people] = await ctx.login(user.email);
    png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#2080c0' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(filesDir, { recursive: true, force: true });
    await s3?.close();
  });

  it('stores an image with a server-made thumbnail and its colour, lists it, and serves it to readers only', async () => {
    const task = await createTask(ctx.db, { project, author: people.author });
    const file = dataOf<TaskFile>(await upload(task.id, 'C:\\Users\\me\\Фото\u202E.png', png));
    expect(file).toMatchObject({ name: 'Фото.png', extension: 'png', kind: 'image', size: png.length, width: 640, height: 400 });
    // The dominant colour comes from a coarse histogram: near the picture's blue, not exact.
    const [red, green, blue] = [1, 3, 5].map((at) => parseInt(file.color.slice(at, at + 2), 16));
    expect([Math.abs(red! - 0x20) < 24, Math.abs(green! - 0x80) < 24, Math.abs(blue! - 0xc0) < 24]).toEqual([true, true, true]);
    expect(file.thumb).toBe(`/api/file/${file.id}/thumb`);

    const listed = dataOf<TaskFile[]>(await ctx.get(`/api/task/${task.id}/files`, { cookie: cookies.guest }));
    expect(listed.map((entry) => entry.id)).toEqual([file.id]);
    expect(dataOf<TaskCard>(await ctx.get(`/api/task/${task.id}/get-card`, { cookie: cookies.guest })).attachmentCount).toBe(1);

    const content = await ctx.get(file.url, { cookie: cookies.guest });
    expect(content.status).toBe(200);
    expect(content.headers['content-type']).toBe('image/png');
    expect(content.headers['x-content-type-options']).toBe('nosniff');
    // The file's own policy, not the app's: opened on its own, nothing in it runs.
    expect(content.headers['content-security-policy']).toBe("default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox");
    expect(content.headers['content-disposition']).toMatch(/^inline; .*filename\*=UTF-8''%D0%A4%D0%BE%D1%82%D0%BE\.png$/);
    const download = await ctx.get(`${file.url}?download=1`, { cookie: cookies.guest });
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);

    const thumb = await ctx.get(file.thumb!, { cookie: cookies.author });
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(Buffer.from(thumb.text, 'latin1'))
      .metadata()
      .catch(() => null);
    expect(thumb.text.length).toBeGreaterThan(0);
    expect(meta === null || meta.width! <= 480).toBe(true);

    for (const url of [file.url, file.thumb!, `/api/task/${task.id}/files`]) {
      const refused = await ctx.get(url, { cookie: cookies.outsider });
      expect([url, refused.status]).toEqual([url, 404]);
    }
    expect((await ctx.get(file.url)).status).toBe(401);
  });

  it('refuses a fake extension, an unlisted type, an empty and a too large file, storing nothing', async () => {
    const task = await createTask(ctx.db, { project, author: people.author });
    const before = storedCount();
    expect((await upload(task.id, 'invoice.pdf', png)).body).toMatchObject({ code: 'file_is_invalid' });
    expect((await upload(task.id, 'photo.png', PDF)).body).toMatchObject({ code: 'file_is_invalid' });
    expect((await upload(task.id, 'notes.txt', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]))).body).toMatchObject({ code: 'file_is_invalid' });
    expect((await upload(task.id, 'run.exe', Buffer.from('MZ'))).body).toMatchObject({ code: 'file_is_invalid' });
    expect((await upload(task.id, 'design.fig', Buffer.from('\x7fELF\x02\x01'))).body).toMatchObject({ code: 'file_is_invalid' });
    expect((await upload(task.id, 'empty.txt', Buffer.alloc(0))).body).toMatchObject({ code: 'file_is_empty' });
    const big = Buffer.concat([PDF, Buffer.alloc(1024 * 1024 + 10, 0x20)]);
    const tooLarge = await upload(task.id, 'big.pdf', big);
    expect([tooLarge.status, tooLarge.body]).toMatchObject([413, { code: 'file_is_too_large' }]);
    // Just under the announced-length check, cut while streaming.
    const cut = await upload(task.id, 'cut.pdf', Buffer.concat([PDF, Buffer.alloc(1024 * 1024, 0x20)]));
    expect(cut.body).toMatchObject({ code: 'file_is_too_large' });
    expect(storedCount()).toBe(before);
    expect(dataOf<TaskFile[]>(await ctx.get(`/api/task/${task.id}/files`, { cookie: cookies.author }))).toEqual([]);
    expect(readdirSync(join(filesDir, '.uploads'))).toEqual([]);
  });

  it('accepts documents and text by content, and leaves editing to those who may edit (spec 6)', async () => {
    const task = await createTask(ctx.db, { project, author: people.author });
    const later = await createTask(ctx.db, { project, author: people.author, status: 'discussion' });
    expect(dataOf<TaskFile>(await upload(task.id, 'brief.pdf', PDF))).toMatchObject({ kind: 'documents', thumb: null });
    expect(dataOf<TaskFile>(await upload(task.id, 'data.csv', Buffer.from('a,b\n1,2\n')))).toMatchObject({ kind: 'documents' });
    expect(dataOf<TaskFile>(await upload(task.id, 'shot.png', png, 'admin'))).toMatchObject({ kind: 'image' });
    expect((await upload(task.id, 'guest.pdf', PDF, 'guest')).status).toBe(403);
    expect((await upload(task.id, 'outsider.pdf', PDF, 'outsider')).status).toBe(404);
    expect((await upload(later.id, 'late.pdf', PDF)).status).toBe(403);
  });

  it('renames keeping the extension, deletes with the stored bytes, and tells the task room', async () => {
    const task = await createTask(ctx.db, { project, author: people.author });
    const file = dataOf<TaskFile>(await upload(task.id, 'draft.pdf', PDF));
    const put = (name: unknown, who: keyof typeof people = 'author') =>
      ctx.request<TaskFile>('PUT', `/api/file/${file.id}/update-name`, { cookie: cookies[who], payload: { name } as object });
    expect(dataOf<TaskFile>(await put('Кошторис')).name).toBe('Кошторис.pdf');
    expect(dataOf<TaskFile>(await put('final.PDF')).name).toBe('final.pdf');
    expect(dataOf<TaskFile>(await put('../../etc/passwd')).name).toBe('passwd.pdf');
    expect((await put('   ')).body).toMatchObject({ code: 'name_is_empty' });
    expect((await put('x', 'guest')).status).toBe(403);
    expect((await put('x', 'outsider')).status).toBe(404);

    const base = await ctx.listen();
    const { io } = await import('socket.io-client');
    const socket = io(base, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: cookies.guest, origin: base } });
    try {
      expect(await new Promise<{ ok: boolean }>((resolve) => socket.emit('join', `task:${task.id}`, resolve))).toMatchObject({ ok: true });
      const heard = new Promise<{ taskId: number }>((resolve) => socket.once('task.files.update', resolve));
      // The card's file count changed: boards hear of a newer card.
      const cardBefore = dataOf<TaskCard>(await ctx.get(`/api/task/${task.id}/get-card`, { cookie: cookies.guest }));
      const cardChanged = new Promise<{ taskId: number; dateUpdate: number }>((resolve) => socket.once('task.update', resolve));
      const before = storedCount();
      expect((await ctx.request('DELETE', `/api/file/${file.id}/delete`, { cookie: cookies.guest })).status).toBe(403);
      expect((await ctx.request('DELETE', `/api/file/${file.id}/delete`, { cookie: cookies.author })).status).toBe(200);
      expect(await heard).toMatchObject({ taskId: task.id });
      expect(await cardChanged).toMatchObject({ taskId: task.id });
      const cardAfter = dataOf<TaskCard>(await ctx.get(`/api/task/${task.id}/get-card`, { cookie: cookies.guest }));
      expect([cardBefore.attachmentCount, cardAfter.attachmentCount]).toEqual([1, 0]);
      expect(cardAfter.dateUpdate).toBeGreaterThanOrEqual(cardBefore.dateUpdate);
      expect(storedCount()).toBe(before - 1);
      expect((await ctx.get(file.url, { cookie: cookies.author })).status).toBe(404);
    } finally {
      socket.close();
    }
  });
});

describe('an S3 store that is down (issue 35)', () => {
  let ctx: TestContext;
  let filesDir: string;
  let s3: S3StandIn;
  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'negayno-files-down-'));
    s3 = await startS3StandIn();
    ctx = await createTestContext({ env: { FILES_DIR: filesDir, S3_URL: s3.url } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('answers storage_is_unavailable (503) to uploads and downloads, and logs the store’s error', async () => {
    const author = await createUser(ctx.db);
    const project = await createProject(ctx.db, { owner: author });
    const task = await createTask(ctx.db, { project, author });
    const cookie = await ctx.login(author.email);
    const upload = () => {
      const body = multipart('brief.pdf', PDF);
      return ctx.request<TaskFile>('POST', `/api/task/${task.id}/upload-file`, { cookie, payload: body.payload, headers: body.headers });
    };
    const stored = (await upload()).body as { data: TaskFile };
    await s3.close();

    const warn = jest.spyOn((ctx.services.files['store'] as S3FileStore)['log'], 'warn');
    try {
      const refused = await upload();
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ code: 'storage_is_unavailable' });
      const download = await ctx.get(stored.data.url, { cookie });
      expect(download.status).toBe(503);
      expect(download.body).toMatchObject({ code: 'storage_is_unavailable' });
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.anything() }), expect.stringMatching(/file store/));
    } finally {
      warn.mockRestore();
    }
  });
});
