/** The texts of the mails the ways in send, in the language of the request that caused them. */
import { EMAIL_CODE, type Language } from '@negayno/shared/contract';
import type { MailMessage } from './mailer.js';

export type CodePurpose = 'registration' | 'restore-password';

const MINUTES = EMAIL_CODE.ttlSeconds / 60;

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

const VALIDITY: Record<Language, string> = {
  uk: `Код діє ${MINUTES} хвилин.`,
  en: `The code is valid for ${MINUTES} minutes.`,
};

export function confirmationCodeMail(to: string, code: string, purpose: CodePurpose, language: Language): MailMessage {
  const texts = TEXTS[language][purpose];
  return {
    to,
    code,
    subject: `${texts.subject}: ${code}`,
    text: [texts.intro, '', `    ${code}`, '', VALIDITY[language], texts.ignore, '', '— Negayno'].join('\n'),
  };
}
