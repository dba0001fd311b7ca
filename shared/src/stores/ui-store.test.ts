import { UiStore } from './ui-store';

describe('UiStore', () => {
  afterEach(() => localStorage.clear());

  it('starts in the language kept in local storage, even before i18n is initialised', () => {
    localStorage.setItem('language', 'en');
    expect(new UiStore(() => true).language).toBe('en');
  });

  it('starts in Ukrainian when nothing was chosen', () => {
    expect(new UiStore(() => true).language).toBe('uk');
  });

  it('applies the dark theme only to a signed-in user, and keeps the choice', () => {
    let signedIn = false;
    const ui = new UiStore(() => signedIn);
    ui.setTheme('dark');
    expect(ui.effectiveTheme).toBe('light');
    signedIn = true;
    expect(ui.effectiveTheme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(new UiStore(() => true).theme).toBe('dark');
  });
});
