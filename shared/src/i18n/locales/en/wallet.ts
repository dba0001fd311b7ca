import type uk from '../uk/wallet.js';
import type { Translation } from '../../shape.js';

const en: Translation<typeof uk> = {
  title: 'Wallet',
  projectTitle: 'Project balance',
  balance: 'Balance',
  bonusBalance: 'Bonus balance',
  total: 'Total balance',
  topUp: 'Top up',
  withdrawalRequest: 'Withdrawal request',
  noTransactions: 'No transactions yet',
  bonusHint: 'Bonuses can pay for a project top-up.',
};
export default en;
