import type uk from '../uk/profile.js';
import type { Translation } from '../../shape.js';

const en: Translation<typeof uk> = {
  title: 'Profile',
  personal: 'Personal details',
  name: 'Name',
  email: 'Email',
  role: 'Role',
  nickname: 'Nickname',
  settings: 'Settings',
  languageHint: 'Interface language',
  themeHint: 'Interface theme',
};
export default en;
