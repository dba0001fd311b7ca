export default {
  title: 'Профіль',
  personal: 'Особисті дані',
  name: 'Імʼя',
  email: 'Email',
  role: 'Роль',
  nickname: 'Нікнейм',
  settings: 'Налаштування',
  languageHint: 'Мова інтерфейсу',
  themeHint: 'Тема інтерфейсу',
};
