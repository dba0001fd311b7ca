export default {
  login: {
    title: 'Вхід',
    subtitle: 'Раді бачити вас знову',
    email: 'Email',
    emailPlaceholder: 'you@company.com',
    continue: 'Продовжити',
    password: 'Пароль',
    editEmail: 'Змінити email',
    remindPassword: 'Нагадати пароль',
    submit: 'Увійти',
    noAccount: 'Немає облікового запису?',
    register: 'Зареєструватися',
  },
  validation: {
    required: 'Це поле обовʼязкове',
    invalidEmail: 'Неправильний email',
    maxSymbols: 'Максимальна кількість символів: {{length}}',
  },
};
