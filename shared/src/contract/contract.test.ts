import {
  COLUMN_SETS,
  ERROR_CODES,
  TASK_COLUMNS,
  TASK_STATUSES,
  errorText,
  fullnameBody,
  httpStatusOf,
  idFromPath,
  isPublicRoute,
  nameBody,
  taskPath,
} from './index';
import { TASK_ACTION_BODIES } from './action-bodies';
import { createStaffBody } from './ops';
import { nicknameBody } from './flow-bodies';

describe('contract', () => {
  it('places every status in a column or off the board for every role set', () => {
    for (const status of TASK_STATUSES) {
      for (const set of COLUMN_SETS) {
        const column = TASK_COLUMNS[status][set];
        expect(column === null || [1, 2, 3, 4].includes(column)).toBe(true);
      }
    }
    // Every column of every set has at least one status.
    for (const set of COLUMN_SETS) {
      const used = new Set(TASK_STATUSES.map((status) => TASK_COLUMNS[status][set]));
      for (const column of [1, 2, 3, 4]) expect(used.has(column as 1)).toBe(true);
    }
  });

  it('has a uk and an en text and an HTTP status for every error code', () => {
    for (const code of ERROR_CODES) {
      expect(errorText(code, 'uk').length).toBeGreaterThan(0);
      expect(errorText(code, 'en').length).toBeGreaterThan(0);
      expect(httpStatusOf(code)).toBeGreaterThanOrEqual(0);
    }
    expect(httpStatusOf('task_not_found')).toBe(404);
    expect(httpStatusOf('authorization_too_much')).toBe(429);
    expect(errorText('email_is_invalid', 'en')).toBe('Invalid email');
  });

  it('builds and parses task routes', () => {
    expect(taskPath(12, { projectId: 3, taskNumber: 4 })).toBe('/task/12?projectId=3&taskNumber=4');
    expect(idFromPath('/task/12', '/task')).toBe(12);
    expect(idFromPath('/task/x', '/task')).toBeNull();
    expect(isPublicRoute('/login')).toBe(true);
    expect(isPublicRoute('/loginx')).toBe(false);
    expect(isPublicRoute('/project/1')).toBe(false);
  });
});

describe('single-line names (issue 35 E5c)', () => {
  it('drop CR, LF and TAB from project, task and person names, so a mail or a Telegram line cannot be forged', () => {
    const forged = 'Shop\r\nBcc: victim@example.com\tX';
    expect(nameBody.parse({ name: forged }).name).toBe('ShopBcc: victim@example.comX');
    expect(fullnameBody.parse({ firstname: forged, lastname: 'Li\u2028ne' })).toEqual({ firstname: 'ShopBcc: victim@example.comX', lastname: 'Line' });
    expect(createStaffBody.parse({ role: 'pm', email: 'pm@example.com', firstname: 'A\nB', lastname: 'C\rD' })).toMatchObject({
      firstname: 'AB',
      lastname: 'CD',
    });
    expect(nicknameBody.parse({ nickname: 'nick\nname' }).nickname).toBe('nickname');
    // A name of only line breaks is empty; texts of many lines keep theirs.
    expect(nameBody.safeParse({ name: '\r\n\t' }).error?.issues[0]?.message).toBe('name_is_empty');
    expect(TASK_ACTION_BODIES.reject.parse({ message: 'one\ntwo' }).message).toBe('one\ntwo');
  });
});
