export default {
  title: 'Гаманець',
  projectTitle: 'Баланс проєкту',
  balance: 'Баланс',
  bonusBalance: 'Бонусний баланс',
  total: 'Загальний баланс',
  topUp: 'Поповнити',
  withdrawalRequest: 'Запит на виведення',
  noTransactions: 'Транзакцій ще немає',
  bonusHint: 'Бонуси можна витратити на поповнення проєкту.',
};
