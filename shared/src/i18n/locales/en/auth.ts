import type uk from '../uk/auth.js';
import type { Translation } from '../../shape.js';

const en: Translation<typeof uk> = {
  login: {
    title: 'Sign in',
    subtitle: 'Good to see you again',
    email: 'Email',
    emailPlaceholder: 'you@company.com',
    continue: 'Continue',
    password: 'Password',
    editEmail: 'Change email',
    remindPassword: 'Remind password',
    submit: 'Sign in',
    noAccount: 'No account yet?',
    register: 'Create account',
  },
  validation: {
    required: 'This field is required',
    invalidEmail: 'Invalid email',
    maxSymbols: 'Maximum number of characters: {{length}}',
  },
};
export default en;
