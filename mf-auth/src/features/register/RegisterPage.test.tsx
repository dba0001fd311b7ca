import { renderInApp } from '@negayno/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RegisterPage } from './RegisterPage';
import { PerformerRegisterPage } from './PerformerRegisterPage';
import { RestorePasswordPage } from '../restore/RestorePasswordPage';

// jsdom has no ResizeObserver; Fluent's MessageBar watches its own size with one.
globalThis.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
} as unknown as typeof ResizeObserver;

/** Answers the flow's calls like the server would, one envelope per call, and records them. */
function serverAnswers(...answers: Array<{ status: number; body: unknown }>) {
  const calls: Array<{ url: string; body: unknown }> = [];
  global.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    // The failure beacon is not the flow's business.
    if (String(url).startsWith('/api/log/')) return new Response(JSON.stringify({ status: 'ok', data: null }), { status: 200 });
    calls.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers.shift() ?? { status: 500, body: { status: 'error', code: 'server_error', message: 'x' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return calls;
}

const ok = (data: unknown) => ({ status: 200, body: { status: 'ok', data } });
const fieldError = (status: number, field: string, code: string) => ({
  status,
  body: { status: 'error', code, message: code, details: { [field]: { code, message: code } } },
});

describe('client registration screens', () => {
  it('numbers the six steps, checks each field before asking the server and moves on the server’s answer', async () => {
    const calls = serverAnswers(fieldError(400, 'code', 'code_is_used'), ok({ next: 'email' }), ok({ next: 'check-email' }));
    await renderInApp(<RegisterPage />, { route: '/register' });
    const user = userEvent.setup();
    expect(screen.getByTestId('flow-step')).toHaveTextContent('1/6');
    expect(screen.getByRole('heading', { name: 'Код запрошення' })).toBeInTheDocument();
    await user.click(screen.getByTestId('flow-submit'));
    expect(screen.getByText('Це поле обовʼязкове')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.type(screen.getByTestId('field-invitationCode'), '  used-code{Enter}');
    expect(await screen.findByText('Цей код уже використано')).toBeInTheDocument();
    expect(calls[0]).toEqual({ url: '/api/registration/check-invitation-code', body: { code: 'used-code' } });
    await user.clear(screen.getByTestId('field-invitationCode'));
    await user.type(screen.getByTestId('field-invitationCode'), 'GOOD-CODE{Enter}');

    expect(await screen.findByText('2/6')).toBeInTheDocument();
    await user.type(screen.getByTestId('field-email'), 'not-an-email{Enter}');
    expect(screen.getByText('Неправильний email')).toBeInTheDocument();
    await user.clear(screen.getByTestId('field-email'));
    await user.type(screen.getByTestId('field-email'), 'new@client.test{Enter}');

    expect(await screen.findByText('3/6')).toBeInTheDocument();
    expect(screen.getByText(/new@client\.test/)).toBeInTheDocument();
    expect(screen.getByTestId('flow-resend')).toHaveTextContent(/через \d+ с/);
    await user.click(screen.getByTestId('field-code-0'));
    await user.keyboard('123{Enter}');
    expect(screen.getByText('Максимальна кількість символів: 6')).toBeInTheDocument();
    expect(calls).toHaveLength(3);

    await user.click(screen.getByTestId('flow-back'));
    expect(screen.getByTestId('flow-step')).toHaveTextContent('2/6');
    expect(screen.getByTestId('field-email')).toHaveValue('new@client.test');
  });

  it('offers the 4-step variant for an email invited to a project and opens it from the invitation link', async () => {
    await renderInApp(<RegisterPage />, { route: '/register?email=invited@client.test' });
    expect(screen.getByTestId('flow-step')).toHaveTextContent('1/4');
    expect(screen.getByTestId('field-email')).toHaveValue('invited@client.test');
    expect(screen.getByTestId('flow-submit')).toHaveTextContent('Надіслати код');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('register-switch-variant'));
    expect(screen.getByTestId('flow-step')).toHaveTextContent('1/6');
    expect(screen.getByRole('link', { name: 'Увійти' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Реєстрація виконавця' })).toHaveAttribute('href', '/wregister');
  });

  it('checks that the two passwords match and names an expired flow with a way to start again', async () => {
    serverAnswers(ok({ next: 'check-email' }), ok({ next: 'fullname' }), ok({ next: 'country' }), ok({ next: 'password' }), {
      status: 409,
      body: { status: 'error', code: 'method_not_allowed', message: 'x' },
    });
    await renderInApp(<RegisterPage />, { route: '/register?email=invited@client.test', language: 'en' });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('flow-submit'));
    await user.click(await screen.findByTestId('field-code-0'));
    await user.keyboard('123456{Enter}');
    expect(await screen.findByText('2/4')).toBeInTheDocument();
    await user.type(screen.getByTestId('field-firstname'), 'Iryna');
    await user.type(screen.getByTestId('field-lastname'), 'Petrenko{Enter}');
    expect(await screen.findByText('3/4')).toBeInTheDocument();
    expect(screen.getByTestId('field-country')).toHaveTextContent('Ukraine');
    await user.click(screen.getByTestId('flow-submit'));
    expect(await screen.findByText('4/4')).toBeInTheDocument();
    await user.type(screen.getByTestId('field-password'), 'short');
    await user.type(screen.getByTestId('field-passwordRepeat'), 'short{Enter}');
    expect(screen.getByText('The password is too short: at least 8 characters')).toBeInTheDocument();
    await user.clear(screen.getByTestId('field-password'));
    await user.type(screen.getByTestId('field-password'), 'long-enough-1');
    await user.clear(screen.getByTestId('field-passwordRepeat'));
    await user.type(screen.getByTestId('field-passwordRepeat'), 'long-enough-2{Enter}');
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    await user.clear(screen.getByTestId('field-passwordRepeat'));
    await user.type(screen.getByTestId('field-passwordRepeat'), 'long-enough-1{Enter}');
    expect(await screen.findByTestId('flow-error')).toHaveTextContent('This step has timed out or was already done');
    await user.click(screen.getByTestId('flow-start-over'));
    expect(screen.getByTestId('flow-step')).toHaveTextContent('1/4');
  });
});

describe('performer registration and recovery screens', () => {
  it('asks country and name on one screen, then offers the server’s nicknames', async () => {
    const calls = serverAnswers(
      ok({ next: 'email' }),
      ok({ next: 'check-email' }),
      ok({ next: 'country' }),
      ok({ next: 'fullname' }),
      ok({ next: 'nickname', nicknames: ['taras.oliinyk', 'taras_oliinyk', 't.oliinyk'] }),
    );
    await renderInApp(<PerformerRegisterPage />, { route: '/wregister' });
    const user = userEvent.setup();
    await user.type(screen.getByTestId('field-invitationCode'), 'PERF{Enter}');
    await user.type(await screen.findByTestId('field-email'), 'taras@perf.test{Enter}');
    await user.click(await screen.findByTestId('field-code-0'));
    await user.keyboard('654321{Enter}');
    expect(await screen.findByText('4/6')).toBeInTheDocument();
    await user.type(screen.getByTestId('field-firstname'), 'Тарас');
    await user.type(screen.getByTestId('field-lastname'), 'Олійник{Enter}');
    expect(await screen.findByText('5/6')).toBeInTheDocument();
    expect(calls.slice(3).map((call) => call.url)).toEqual(['/api/performer-registration/country', '/api/performer-registration/fullname']);
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    await user.click(screen.getByTestId('flow-submit'));
    expect(screen.getByText('Оберіть нікнейм')).toBeInTheDocument();
  });

  it('goes back to the nickname with fresh suggestions when the chosen one was taken before the password', async () => {
    const taken = {
      status: 400,
      body: {
        status: 'error',
        code: 'nickname_is_invalid',
        message: 'x',
        details: { nickname: { code: 'nickname_is_invalid', message: 'x' } },
        data: { next: 'nickname', nicknames: ['taras_oliinyk', 't.oliinyk', 'oliinyk.taras'] },
      },
    };
    const calls = serverAnswers(
      ok({ next: 'email' }),
      ok({ next: 'check-email' }),
      ok({ next: 'country' }),
      ok({ next: 'fullname' }),
      ok({ next: 'nickname', nicknames: ['taras.oliinyk', 'taras_oliinyk', 't.oliinyk'] }),
      ok({ next: 'password' }),
      taken,
      ok({ next: 'password' }),
    );
    await renderInApp(<PerformerRegisterPage />, { route: '/wregister' });
    const user = userEvent.setup();
    await user.type(screen.getByTestId('field-invitationCode'), 'PERF{Enter}');
    await user.type(await screen.findByTestId('field-email'), 'taras@perf.test{Enter}');
    await user.click(await screen.findByTestId('field-code-0'));
    await user.keyboard('654321{Enter}');
    await user.type(await screen.findByTestId('field-firstname'), 'Тарас');
    await user.type(screen.getByTestId('field-lastname'), 'Олійник{Enter}');
    await user.click(await screen.findByRole('radio', { name: '@taras.oliinyk' }));
    await user.click(screen.getByTestId('flow-submit'));
    expect(await screen.findByText('6/6')).toBeInTheDocument();
    await user.type(screen.getByTestId('field-password'), 'performer-password');
    await user.type(screen.getByTestId('field-passwordRepeat'), 'performer-password{Enter}');

    expect(await screen.findByText('Цей нікнейм щойно зайняли. Оберіть інший зі списку')).toBeInTheDocument();
    expect(screen.getByTestId('flow-step')).toHaveTextContent('5/6');
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['taras_oliinyk', 't.oliinyk', 'oliinyk.taras']);
    expect(screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toHaveLength(0);
    // The keyboard is on the first suggestion, where the choice is made (moved there by an effect once the answer is drawn).
    await waitFor(() => expect(screen.getByRole('radio', { name: '@taras_oliinyk' })).toHaveFocus());
    await user.click(screen.getByRole('radio', { name: '@oliinyk.taras' }));
    await user.click(screen.getByTestId('flow-submit'));
    expect(await screen.findByText('6/6')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ url: '/api/performer-registration/nickname', body: { nickname: 'oliinyk.taras' } });
    // The password fields keep what was typed: one more Enter finishes.
    expect(screen.getByTestId('field-password')).toHaveValue('performer-password');
  });

  it('recovers without step numbers and links back to login and to registration', async () => {
    await renderInApp(<RestorePasswordPage />, { route: '/restore-password' });
    expect(screen.queryByTestId('flow-step')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Відновлення пароля' })).toBeInTheDocument();
    // Said once: the flow's name is not repeated above a heading of the same words.
    expect(screen.getAllByText('Відновлення пароля')).toHaveLength(1);
    expect(screen.getByTestId('restore-back-to-login')).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Створити обліковий запис' })).toHaveAttribute('href', '/register');
  });
});
