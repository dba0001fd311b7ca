/**
 * The cost of a password hash: production's argon2id settings are the library's defaults, the test cost
 * is only accepted in a test run, and a hash made at either cost verifies whatever the current one is.
 */
import { loadConfig } from '../../config.js';
import { hashPassword, setPasswordHashCost, verifyPassword } from './passwords.js';

describe('password hashing cost', () => {
  afterEach(() => setPasswordHashCost('standard'));

  it('hashes with argon2id at 64 MiB, 3 passes and 4 lanes unless told otherwise', async () => {
    expect(await hashPassword('a password')).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
  });

  it('takes the smallest settings at the test cost, and each hash verifies at the other cost', async () => {
    const standard = await hashPassword('a password');
    setPasswordHashCost('test');
    const cheap = await hashPassword('a password');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect(await verifyPassword(standard, 'a password')).toBe(true);
    setPasswordHashCost('standard');
    expect(await verifyPassword(cheap, 'a password')).toBe(true);
    expect(await verifyPassword(cheap, 'another password')).toBe(false);
  });

  it('is configured standard by default, and the test cost is refused outside a test run', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).passwordHashCost).toBe('standard');
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'test' }).passwordHashCost).toBe('test');
    expect(() => loadConfig({ NODE_ENV: 'development', PASSWORD_HASH_COST: 'test' })).toThrow(/PASSWORD_HASH_COST=test is for test runs only/);
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: 'test' })).toThrow(/PASSWORD_HASH_COST=test is for test runs only/);
  });
});
