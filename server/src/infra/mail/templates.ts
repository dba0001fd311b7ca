/** The texts of the mails the ways in send, in the language of the request that caused them. */
import type { Language } from '@negayno/shared/contract';
import type { MailMessage } from './mailer.js';

export type CodePurpose = 'registration' | 'restore-password';

const TEXTS: Record<Language, Record<CodePurpose, { subject: string; intro: string; ignore: string }>> = {
  uk: {
    registration: {
      subject: 'Код підтвердження Negayno',
      intro: 'Ваш код для реєстрації в Negayno:',
      ignore: 'Якщо ви не реєструвалися в Negayno, просто проігноруйте цей лист.',
    },
    'restore-password': {
      subject: 'Відновлення пароля Negayno',
      intro: 'Ваш код для відновлення пароля в Negayno:',
      ignore: 'Якщо ви не просили відновити пароль, проігноруйте цей лист: пароль залишиться тим самим.',
    },
  },
  en: {
    registration: {
      subject: 'Your Negayno confirmation code',
      intro: 'Your code to register at Negayno:',
      ignore: 'If you did not register at Negayno, just ignore this mail.',
    },
    'restore-password': {
      subject: 'Negayno password recovery',
      intro: 'Your code to restore your Negayno password:',
      ignore: 'If you did not ask to restore your password, ignore this mail: your password stays the same.',
    },
  },
};

/** A word's forms by plural category (Ukrainian needs three: 1 хвилину, 2 хвилини, 5 хвилин). */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** `5 хвилин`, `1 minute`: the count and the word in the form the language wants for it. */
export function countOf(count: number, forms: PluralForms, language: Language): string {
  return `${count} ${forms[new Intl.PluralRules(language).select(count)] ?? forms.other}`;
}

/** Unit names of a code's lifetime. */
const UNITS: Record<Language, Record<'minute' | 'second', PluralForms>> = {
  uk: {
    minute: { one: 'хвилину', few: 'хвилини', many: 'хвилин', other: 'хвилини' },
    second: { one: 'секунду', few: 'секунди', many: 'секунд', other: 'секунди' },
  },
  en: { minute: { one: 'minute', other: 'minutes' }, second: { one: 'second', other: 'seconds' } },
};

/** The code's lifetime (EMAIL_CODE_TTL_SECONDS) in whole minutes when it is, else in seconds. */
function lifetime(seconds: number, language: Language): string {
  const [count, unit] = seconds % 60 === 0 ? [seconds / 60, 'minute' as const] : [seconds, 'second' as const];
  return countOf(count, UNITS[language][unit], language);
}

const VALIDITY: Record<Language, (lifetime: string) => string> = {
  uk: (time) => `Код діє ${time}.`,
  en: (time) => `The code is valid for ${time}.`,
};

export function confirmationCodeMail(to: string, code: string, purpose: CodePurpose, language: Language, ttlSeconds: number): MailMessage {
  const texts = TEXTS[language][purpose];
  return {
    to,
    code,
    subject: `${texts.subject}: ${code}`,
    text: [texts.intro, '', `    ${code}`, '', VALIDITY[language](lifetime(ttlSeconds, language)), texts.ignore, '', '— Negayno'].join('\n'),
  };
}

const INVITATION: Record<Language, { subject: (project: string) => string; body: (inviter: string, project: string, link: string) => string[] }> = {
  uk: {
    subject: (project) => `Запрошення до проєкту «${project}» у Negayno`,
    body: (inviter, project, link) => [
      `${inviter} запрошує вас до проєкту «${project}» у Negayno.`,
      '',
      'Щоб приєднатися, зареєструйтеся за посиланням (це займе чотири короткі кроки):',
      '',
      `    ${link}`,
      '',
      'Якщо ви не чекали на це запрошення, просто проігноруйте цей лист.',
    ],
  },
  en: {
    subject: (project) => `Invitation to the project “${project}” at Negayno`,
    body: (inviter, project, link) => [
      `${inviter} invites you to the project “${project}” at Negayno.`,
      '',
      'To join, register through this link (four short steps):',
      '',
      `    ${link}`,
      '',
      'If you did not expect this invitation, just ignore this mail.',
    ],
  },
};

/** A project invitation to an email with no account: the link opens the 4-step registration for that email. */
export function projectInvitationMail(to: string, invitation: { projectName: string; inviterName: string; link: string }, language: Language): MailMessage {
  const texts = INVITATION[language];
  return {
    to,
    subject: texts.subject(invitation.projectName),
    text: [...texts.body(invitation.inviterName, invitation.projectName, invitation.link), '', '— Negayno'].join('\n'),
  };
}

const STAFF_WELCOME: Record<Language, { subject: string; body: (firstname: string, role: string, link: string) => string[] }> = {
  uk: {
    subject: 'Ваш обліковий запис у Negayno',
    body: (firstname, role, link) => [
      `${firstname}, для вас створено обліковий запис співробітника Negayno (роль: ${role}).`,
      '',
      'Щоб увійти, задайте собі пароль: відкрийте посилання, підтвердьте адресу кодом, який ми надішлемо, і введіть новий пароль.',
      '',
      `    ${link}`,
      '',
      'Якщо ви не чекали на цей лист, просто проігноруйте його.',
    ],
  },
  en: {
    subject: 'Your Negayno account',
    body: (firstname, role, link) => [
      `${firstname}, a Negayno staff account was made for you (role: ${role}).`,
      '',
      'To sign in, set your password: open the link, confirm your address with the code we send, and type a new password.',
      '',
      `    ${link}`,
      '',
      'If you did not expect this mail, just ignore it.',
    ],
  },
};

/** A new staff account (issue 31): no password is sent; the link leads to setting one through password recovery. */
export function staffWelcomeMail(to: string, account: { firstname: string; role: string; link: string }, language: Language): MailMessage {
  const texts = STAFF_WELCOME[language];
  return { to, subject: texts.subject, text: [...texts.body(account.firstname, account.role, account.link), '', '— Negayno'].join('\n') };
}
