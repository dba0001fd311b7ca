import { ApiError } from '@negayno/shared/api';
import { errorText, LANGUAGE_COOKIE } from '@negayno/shared/contract';
import { readCookie, STORAGE_KEYS } from '@negayno/shared/lib';
import { changeLanguage, initI18n, messageOfError, messageText } from './index';

describe('the one error → message mapping', () => {
  beforeAll(async () => {
    await initI18n();
    await changeLanguage('en');
  });

  it("prefers the error of the named field, then the answer's code, and reads anything else as server_error", () => {
    const failure = new ApiError(422, 'invalid_value', 'Invalid', { email: { code: 'email_already_invited', message: 'already' } });
    expect(messageText(messageOfError(failure, 'email'))).toBe(errorText('email_already_invited', 'en'));
    expect(messageText(messageOfError(failure, 'name'))).toBe(errorText('invalid_value', 'en'));
    expect(messageOfError(new Error('boom'))).toEqual({ key: 'server_error' });
    expect(messageText({ key: 'server_error' })).toBe(errorText('server_error', 'en'));
  });

  it('translates catalogue codes through errors and namespaced keys through their own namespace', async () => {
    await changeLanguage('uk');
    expect(messageText({ key: 'email_already_invited' })).toBe(errorText('email_already_invited', 'uk'));
    await changeLanguage('en');
    expect(messageText({ key: 'common:close' })).toBe('Close');
  });

  it("shows the server's own words for a code the catalogue does not know", () => {
    expect(messageText({ key: 'brand_new_code', fallback: 'Something new' })).toBe('Something new');
    expect(messageText({ key: 'brand_new_code' })).toBe(errorText('invalid_value', 'en'));
  });
});

describe('the language the server can see', () => {
  it('mirrors the chosen language into the cookie the server preloads the words by', async () => {
    await changeLanguage('en');
    expect(readCookie(LANGUAGE_COOKIE)).toBe('en');
    await changeLanguage('uk');
    expect(readCookie(LANGUAGE_COOKIE)).toBe('uk');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('uk');
  });
});
