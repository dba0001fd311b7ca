/**
 * The profile's own calls through real HTTP: name, phone, password (other sessions end), settings and
 * the avatar (resized by sharp, believed by its content only, served to signed-in visitors).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UserProfile } from '@negayno/shared/contract';
import sharp from 'sharp';
import type { UserRow } from '../../db/schema.js';
import { createUser } from '../../seed/builders.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

function multipart(fileName: string, content: Buffer, contentType: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----negayno-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('profile', () => {
  let ctx: TestContext;
  let dataDir: string;
  let user: UserRow;
  let cookie: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'negayno-profile-'));
    ctx = await createTestContext({ env: { DATA_DIR: dataDir } });
    user = await createUser(ctx.db, { firstname: 'Олена', lastname: 'Коваленко' });
    cookie = await ctx.login(user.email);
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const put = (url: string, payload: unknown, as = cookie) => ctx.request<UserProfile>('PUT', url, { cookie: as, payload: payload as Record<string, unknown> });
  const dataOf = <T>(response: { body: unknown }): T => {
    const body = response.body as { status: string; data: T };
    if (body.status !== 'ok') throw new Error(`not ok: ${JSON.stringify(body)}`);
    return body.data;
  };

  it('changes the full name, refusing an empty or too long one with its code', async () => {
    expect(dataOf<UserProfile>(await put('/api/user/update-fullname', { firstname: '  Ольга ', lastname: 'Шевченко' }))).toMatchObject({
      firstname: 'Ольга',
      lastname: 'Шевченко',
    });
    const empty = await put('/api/user/update-fullname', { firstname: '\u200B', lastname: 'Шевченко' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'firstname_is_empty', details: { firstname: { code: 'firstname_is_empty' } } });
    expect((await put('/api/user/update-fullname', { firstname: 'О', lastname: 'x'.repeat(101) })).body).toMatchObject({ code: 'lastname_is_too_long' });
    expect((await ctx.db.selectFrom('users').select('firstname').where('id', '=', user.id).executeTakeFirstOrThrow()).firstname).toBe('Ольга');
  });

  it('stores a phone as + and digits, with phone_is_empty, phone_is_too_long and phone_is_invalid for the rest', async () => {
    expect(dataOf<UserProfile>(await put('/api/user/update-phone', { phone: '+38 (067) 123-45-67' })).phone).toBe('+380671234567');
    expect(dataOf<UserProfile>(await put('/api/user/update-phone', { phone: '380501234567' })).phone).toBe('+380501234567');
    for (const [phone, code] of [
      ['', 'phone_is_empty'],
      ['   ', 'phone_is_empty'],
      ['+38 067 123 45 67 89 01 2', 'phone_is_too_long'],
      ['12345', 'phone_is_invalid'],
      ['+38067abc4567', 'phone_is_invalid'],
    ]) {
      expect((await put('/api/user/update-phone', { phone })).body).toMatchObject({ code, details: { phone: { code } } });
    }
    expect((await ctx.db.selectFrom('users').select('phone').where('id', '=', user.id).executeTakeFirstOrThrow()).phone).toBe('+380501234567');
  });

  it('saves any of the settings and leaves the others alone', async () => {
    const changed = dataOf<UserProfile>(await put('/api/user/update-settings', { doubleSpaces: true, notifyAllTasks: true }));
    expect(changed).toMatchObject({ doubleSpaces: true, notifyAllTasks: true, language: 'uk', theme: 'light' });
    expect(dataOf<UserProfile>(await put('/api/user/update-settings', { theme: 'dark', language: 'en' }))).toMatchObject({
      doubleSpaces: true,
      theme: 'dark',
      language: 'en',
    });
    expect((await put('/api/user/update-settings', {})).body).toMatchObject({ code: 'invalid_value' });
    expect((await put('/api/user/update-settings', { theme: 'pink' })).body).toMatchObject({ code: 'invalid_value' });
  });

  it('changes the password with the current one, ending every other session but this one', async () => {
    const other = await createUser(ctx.db, { password: 'old-password-1' });
    const here = await ctx.login(other.email, 'old-password-1');
    const elsewhere = await ctx.login(other.email, 'old-password-1');

    const wrong = await put('/api/user/update-password', { currentPassword: 'not-it-at-all', password: 'new-password-2' }, here);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'password_is_incorrect', details: { currentPassword: { code: 'password_is_incorrect' } } });
    expect((await put('/api/user/update-password', { currentPassword: 'old-password-1', password: 'short' }, here)).body).toMatchObject({
      code: 'password_is_too_short',
    });
    expect((await ctx.get('/api/user/profile', { cookie: elsewhere })).status).toBe(200);

    expect(dataOf(await put('/api/user/update-password', { currentPassword: 'old-password-1', password: 'new-password-2' }, here))).toBeNull();
    expect((await ctx.get('/api/user/profile', { cookie: here })).status).toBe(200);
    expect((await ctx.get('/api/user/profile', { cookie: elsewhere })).status).toBe(401);
    await expect(ctx.login(other.email, 'old-password-1')).rejects.toThrow();
    await ctx.login(other.email, 'new-password-2');
  });

  it('resizes an uploaded picture to a 256 px WebP square, serves it, replaces and deletes it', async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const upload = multipart('me.png', png, 'image/png');
    const profile = dataOf<UserProfile>(await ctx.post('/api/user/upload-avatar', upload.payload, { cookie, headers: upload.headers }));
    expect(profile.avatarUrl).toMatch(/^\/files\/avatars\/\d+-[a-f0-9]{16}\.webp$/);

    const served = await ctx.app.inject({ method: 'GET', url: profile.avatarUrl!, headers: { cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect((await ctx.app.inject({ method: 'GET', url: profile.avatarUrl! })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/files/avatars/..%2F..%2Fsecret.webp', headers: { cookie } })).statusCode).toBe(404);

    // A second upload replaces the first, whose file goes.
    const jpeg = await sharp({ create: { width: 100, height: 300, channels: 3, background: '#a37' } })
      .jpeg()
      .toBuffer();
    const second = multipart('photo.jpg', jpeg, 'image/jpeg');
    const replaced = dataOf<UserProfile>(await ctx.post('/api/user/upload-avatar', second.payload, { cookie, headers: second.headers }));
    expect(readdirSync(join(dataDir, 'files', 'avatars'))).toEqual([replaced.avatarUrl!.split('/').pop()]);

    expect(dataOf<UserProfile>(await ctx.request('DELETE', '/api/user/delete-avatar', { cookie })).avatarUrl).toBeNull();
    expect(readdirSync(join(dataDir, 'files', 'avatars'))).toEqual([]);
    expect((await ctx.request('DELETE', '/api/user/delete-avatar', { cookie })).body).toMatchObject({ code: 'avatar_not_found' });
  });

  it('believes an upload by its content: a script named .png and an empty file are refused, nothing stored', async () => {
    const fake = multipart('avatar.png', Buffer.from('<script>alert(1)</script>'), 'image/png');
    const refused = await ctx.post('/api/user/upload-avatar', fake.payload, { cookie, headers: fake.headers });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'file_is_invalid' });
    const empty = multipart('avatar.png', Buffer.alloc(0), 'image/png');
    expect((await ctx.post('/api/user/upload-avatar', empty.payload, { cookie, headers: empty.headers })).body).toMatchObject({ code: 'file_is_empty' });
    const big = multipart('big.png', Buffer.alloc(6 * 1024 * 1024, 1), 'image/png');
    const tooBig = await ctx.post('/api/user/upload-avatar', big.payload, { cookie, headers: big.headers });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ code: 'file_is_too_large' });
    expect((await ctx.db.selectFrom('users').select('avatar_path').where('id', '=', user.id).executeTakeFirstOrThrow()).avatar_path).toBeNull();
  });
});
