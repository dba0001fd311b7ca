import { admits, entryOf, machinesOf, nextAfter, stepsFrom } from './machines.js';
import { transliterate } from './nicknames.js';

describe('the step machines', () => {
  it('answers each step’s next one and done after the password', () => {
    expect(['check-invitation-code', 'email', 'check-email', 'country', 'fullname'].map((step) => nextAfter('client', step as never))).toEqual([
      'email',
      'check-email',
      'country',
      'fullname',
      'password',
    ]);
    expect(nextAfter('client', 'password')).toBe('done');
    expect(nextAfter('invited-client', 'check-email')).toBe('fullname');
    expect(nextAfter('invited-client', 'fullname')).toBe('country');
    expect(nextAfter('performer', 'fullname')).toBe('nickname');
    expect(nextAfter('restore', 'check-email')).toBe('password');
  });

  it('admits the expected step and earlier ones, never a later one', () => {
    expect(admits('client', 'country', 'country')).toBe(true);
    expect(admits('client', 'country', 'email')).toBe(true);
    expect(admits('client', 'country', 'check-invitation-code')).toBe(true);
    expect(admits('client', 'country', 'fullname')).toBe(false);
    expect(admits('client', 'country', 'password')).toBe(false);
    expect(admits('client', 'email', 'check-email')).toBe(false);
  });

  it('admits the code check only while a code is awaited', () => {
    expect(admits('client', 'check-email', 'check-email')).toBe(true);
    expect(admits('client', 'country', 'check-email')).toBe(false);
    expect(admits('restore', 'password', 'check-email')).toBe(false);
  });

  it('admits no step of another machine', () => {
    expect(admits('client', 'password', 'nickname')).toBe(false);
    expect(admits('invited-client', 'password', 'check-invitation-code')).toBe(false);
    expect(admits('restore', 'password', 'country')).toBe(false);
  });

  it('starts flows only at their first steps', () => {
    expect(entryOf('registration', 'check-invitation-code')).toBe('client');
    expect(entryOf('registration', 'email')).toBe('invited-client');
    expect(entryOf('registration', 'country')).toBeUndefined();
    expect(entryOf('performer-registration', 'check-invitation-code')).toBe('performer');
    expect(entryOf('performer-registration', 'email')).toBeUndefined();
    expect(entryOf('restore-password', 'email')).toBe('restore');
    expect(machinesOf('registration')).toEqual(['client', 'invited-client']);
  });

  it('forgets from the redone step on', () => {
    expect(stepsFrom('performer', 'fullname')).toEqual(['fullname', 'nickname', 'password']);
  });
});

describe('transliteration for nicknames', () => {
  it.each([
    ['Тарас Олійник', 'taras oliinyk'],
    ['Євген', 'yevhen'],
    ['Юлія Згурська', 'yuliia zghurska'],
    ['Щука', 'shchuka'],
    ['Їжак', 'yizhak'],
    ['Андрій', 'andrii'],
    ['Мар’яна', 'mariana'],
    ["Об'єднання", 'obiednannia'],
    ['John', 'john'],
  ])('%s → %s', (text, expected) => {
    expect(transliterate(text)).toBe(expected);
  });
});
