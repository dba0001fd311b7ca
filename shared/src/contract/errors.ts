/**
 * The error catalogue (spec section 8, decisions section 1): every code the server answers with,
 * its HTTP status and its text in both languages. The i18n `errors` namespace is built from this
 * table, so a code cannot exist without both translations.
 */
type Entry = readonly [status: number, uk: string, en: string];

function field<N extends string>(name: N, ukName: string, enName: string) {
  return {
    [`${name}_is_empty`]: [400, `Поле «${ukName}» обовʼязкове`, `${enName} is required`],
    [`${name}_is_too_long`]: [400, `${ukName}: перевищено максимальну кількість символів`, `${enName}: maximum number of characters exceeded`],
  } as unknown as Record<`${N}_is_empty` | `${N}_is_too_long`, Entry>;
}

function numeric<N extends string>(name: N, ukName: string, enName: string) {
  return {
    [`${name}_is_not_number`]: [400, `${ukName}: потрібне число`, `${enName} must be a number`],
    [`${name}_is_too_big`]: [400, `${ukName}: завелике значення`, `${enName} is too big`],
    [`${name}_is_too_small`]: [400, `${ukName}: замале значення`, `${enName} is too small`],
  } as unknown as Record<`${N}_is_not_number` | `${N}_is_too_big` | `${N}_is_too_small`, Entry>;
}

function notFound<N extends string>(name: N, uk: string, en: string) {
  return { [`${name}_not_found`]: [404, uk, en] } as unknown as Record<`${N}_not_found`, Entry>;
}

const CATALOGUE = {
  // Global handling
  server_error: [500, 'Щось пішло не так… Спробуйте ще раз трохи згодом', 'Something went wrong… Please try again a little later'],
  request_denied: [401, 'У вас немає доступу', "You don't have access"],
  access_denied: [403, 'У вас немає доступу', "You don't have access"],
  not_ready: [503, 'Сервер перезапускається. Спробуйте ще раз за мить', 'The server is restarting. Try again in a moment'],
  maintenance_mode: [503, 'Тривають технічні роботи. Ми скоро повернемося', 'Maintenance in progress. We will be back soon'],
  // Issue 35: an outside service is down; the call may succeed a few minutes later, and nothing was done.
  mail_is_unavailable: [503, 'Не вдалося надіслати лист. Спробуйте ще раз за кілька хвилин', 'The mail could not be sent. Try again in a few minutes'],
  storage_is_unavailable: [503, 'Сховище файлів недоступне. Спробуйте ще раз за кілька хвилин', 'File storage is unavailable. Try again in a few minutes'],
  method_not_allowed: [409, 'Ця дія зараз недоступна', 'This action is not available now'],
  invalid_value: [400, 'Неприпустиме значення', 'Invalid value'],
  offline: [0, 'Ви офлайн', 'You are offline'],

  // Authorization
  authorization_failed: [400, 'Помилка автентифікації: неправильний логін або пароль', 'Authentication failed, invalid login or password'],
  authorization_too_much: [429, 'Забагато спроб входу. Спробуйте пізніше', 'Too many login attempts. Try again later'],

  // Email
  email_is_empty: [400, 'Це поле обовʼязкове', 'This field is required'],
  email_is_too_long: [400, 'Email задовгий', 'Email is too long'],
  email_is_invalid: [400, 'Неправильний email', 'Invalid email'],
  email_already_added: [409, 'Цей email уже зареєстровано', 'This email is already registered'],
  email_already_invited: [409, 'Запрошення на цей email уже надіслано', 'An invitation to this email has already been sent'],
  email_not_invited: [
    400,
    'Для цього email немає запрошення до проєкту. Зареєструйтеся з кодом запрошення',
    'There is no project invitation for this email. Register with an invitation code',
  ],

  // Codes (confirmation, invitation, login-as)
  code_is_empty: [400, 'Введіть код', 'Enter the code'],
  code_is_too_long: [400, 'Код задовгий', 'The code is too long'],
  code_is_incorrect: [400, 'Неправильний код', 'Invalid code'],
  code_is_expired: [400, 'Термін дії коду минув. Надішліть новий', 'The code has expired. Send a new one'],
  code_is_used: [400, 'Цей код уже використано', 'This code has already been used'],

  // Names and country
  ...field('firstname', 'Імʼя', 'First name'),
  ...field('lastname', 'Прізвище', 'Last name'),
  ...field('name', 'Назва', 'Name'),
  ...field('nickname', 'Нікнейм', 'Nickname'),
  nickname_is_invalid: [400, 'Оберіть нікнейм зі списку', 'Choose a nickname from the list'],
  country_is_empty: [400, 'Оберіть країну', 'Choose a country'],
  country_is_too_long: [400, 'Країна: задовге значення', 'Country is too long'],
  country_not_found: [404, 'Країну не знайдено', 'Country not found'],
  description_is_too_long: [400, 'Опис задовгий', 'The description is too long'],

  // Password
  password_is_empty: [400, 'Введіть пароль', 'Enter a password'],
  password_is_too_short: [400, 'Пароль закороткий: щонайменше 8 символів', 'The password is too short: at least 8 characters'],
  password_is_too_long: [400, 'Пароль задовгий: не більше 128 символів', 'The password is too long: at most 128 characters'],
  password_is_incorrect: [400, 'Поточний пароль неправильний', 'The current password is wrong'],

  // Phone
  phone_is_empty: [400, 'Введіть номер телефону', 'Enter a phone number'],
  phone_is_too_long: [400, 'Номер телефону задовгий', 'The phone number is too long'],
  phone_is_invalid: [400, 'Неправильний номер телефону', 'Invalid phone number'],

  // Files
  file_is_empty: [400, 'Файл порожній', 'The file is empty'],
  file_is_too_large: [413, 'Файл завеликий', 'The file is too large'],
  file_is_invalid: [400, 'Тип файлу не підтримується', 'File type is not supported'],
  file_not_found: [404, 'Файл не знайдено', 'File not found'],
  fileTypeNotSupported: [400, 'Тип файлу не підтримується', 'File type is not supported'],

  // A project's export (issue 37): its link lives EXPORT_TTL_HOURS.
  ...notFound('export', 'Експорт не знайдено', 'Export not found'),
  export_expired: [410, 'Посилання на експорт застаріло. Зробіть новий експорт', 'The export link has expired. Make a new export'],

  // Amounts and balances
  amount_is_empty: [400, 'Введіть суму', 'Enter an amount'],
  amount_is_too_small: [400, 'Сума замала', 'The amount is too small'],
  amount_is_too_big: [400, 'Сума завелика', 'The amount is too big'],
  amount_is_too_long: [400, 'Сума задовга', 'The amount is too long'],
  amount_is_not_number: [400, 'Сума має бути числом', 'The amount must be a number'],
  amount_is_insufficient: [400, 'Недостатня сума', 'Insufficient amount'],
  balance_is_insufficient: [400, 'Недостатньо коштів на балансі', 'Insufficient balance'],
  payment_is_disabled: [409, 'Поповнення карткою зараз вимкнено', 'Card top-ups are turned off'],
  idempotency_key_reused: [409, 'Цей запит уже надіслано з іншими даними', 'This request was already sent with other data'],

  // Not found
  ...notFound('avatar', 'Аватар не знайдено', 'Avatar not found'),
  ...notFound('project', 'Проєкт не знайдено', 'Project not found'),
  ...notFound('task', 'Задачу не знайдено', 'Task not found'),
  ...notFound('option', 'Параметр не знайдено', 'Option not found'),
  ...notFound('action', 'Дію не знайдено', 'Action not found'),
  ...notFound('transaction', 'Транзакцію не знайдено', 'Transaction not found'),
  ...notFound('user', 'Користувача не знайдено', 'User not found'),
  ...notFound('role', 'Роль не знайдено', 'Role not found'),
  ...notFound('importance', 'Важливість не знайдено', 'Importance not found'),
  ...notFound('message', 'Повідомлення не знайдено', 'Message not found'),
  ...notFound('document', 'Комерційну пропозицію не знайдено', 'Commercial proposal not found'),
  ...notFound('urgency', 'Терміновість не знайдено', 'Urgency not found'),
  ...notFound('estimate', 'Оцінку не знайдено', 'Estimate not found'),
  ...notFound('chat', 'Чат не знайдено', 'Chat not found'),
  ...notFound('parentMessageId', 'Повідомлення, на яке ви відповідаєте, не знайдено', 'The message you reply to was not found'),
  ...notFound('emoji', 'Емодзі не знайдено', 'Emoji not found'),
  ...notFound('notification', 'Сповіщення не знайдено', 'Notification not found'),
  ...notFound('channel', 'Канал сповіщень не підключено', 'The notification channel is not linked'),
  channel_is_unavailable: [409, 'Telegram-бот на цьому сервері не налаштовано', 'No Telegram bot is set up on this server'],
  ...notFound('calculation', 'Оцінку робіт не знайдено', 'Work estimate not found'),
  ...notFound('invitation', 'Код запрошення не знайдено', 'Invitation code not found'),
  ...notFound('payout', 'Запит на виплату не знайдено', 'Payout request not found'),
  ...field('reference', 'Референс платежу', 'Payment reference'),
  ...field('reason', 'Причина', 'Reason'),
  ...field('note', 'Примітка', 'Note'),
  project_already_staffed: [409, 'Цей проєкт уже взяв інший менеджер', 'Another manager has already taken this project'],
  staff_role_is_wrong: [400, 'Ця людина не має такої ролі', 'This person does not have that role'],
  staff_is_deactivated: [409, 'Цей обліковий запис вимкнено', 'This account is deactivated'],
  staff_is_last: [
    409,
    'Це останній активний менеджер цієї ролі, а від нього залежать проєкти',
    'This is the last active manager of this role and projects depend on them',
  ],
  account_is_sole_administrator: [409, 'Спершу передайте або закрийте свої проєкти', 'First hand over or close your projects'],
  account_holds_money: [409, 'Спершу виведіть гроші з гаманця', 'First withdraw the money in your wallet'],
  account_has_work: [409, 'Спершу вас мають зняти з ваших задач', 'First you must be taken off your tasks'],
  payout_already_settled: [409, 'Цю виплату вже оброблено', 'This payout has already been settled'],
  user_already_added: [409, 'Цей користувач уже є в проєкті', 'This user is already in the project'],
  backFrom_not_found: [404, 'Більше нічого завантажувати', 'There is nothing more to upload'],

  // Messages and estimates
  ...field('message', 'Повідомлення', 'Message'),
  urgency_is_empty: [400, 'Оберіть терміновість', 'Choose an urgency'],
  estimate_is_empty: [400, 'Вкажіть оцінку', 'Enter an estimate'],
  estimate_is_too_long: [400, 'Оцінка задовга', 'The estimate is too long'],
  review_is_too_long: [400, 'Відгук задовгий', 'The review is too long'],
  quote_is_too_long: [400, 'Цитата задовга', 'The quote is too long'],
  ...field('parentMessageId', 'Відповідь', 'Reply'),
  ...field('emoji', 'Емодзі', 'Emoji'),
  ...numeric('executionTime', 'Час виконання', 'Execution time'),
  ...numeric('executionTimeBase', 'Базовий час виконання', 'Base execution time'),
  ...numeric('delayStart', 'Відкладений старт', 'Delayed start'),
  dateAutoSendForCheck_is_invalid: [400, 'Дата має бути пізніше ніж зараз', 'The date must be later than now'],
  dateDeadline_is_invalid: [400, 'Термін має бути датою пізніше ніж зараз', 'The deadline must be a date later than now'],
  ...field('jobItem', 'Пункт робіт', 'Work item'),
  ...numeric('progress', 'Прогрес', 'Progress'),
  progress_is_empty: [400, 'Вкажіть прогрес', 'Enter the progress'],
  ...numeric('rating', 'Оцінка', 'Rating'),
  rating_is_empty: [400, 'Оберіть оцінку від 1 до 5', 'Choose a rating from 1 to 5'],

  // Import of a board (issue 37)
  import_is_not_an_export: [400, 'Це не експорт Trello чи Negayno', 'This is not a Trello or Negayno export'],
  import_is_truncated: [400, 'Файл обірвано: експортуйте ще раз', 'The file is cut off: export it again'],
  import_has_too_many_cards: [413, 'Забагато карток: до 5000 за раз', 'Too many cards: at most 5,000 at once'],
} satisfies Record<string, Entry>;

export type ErrorCode = keyof typeof CATALOGUE;
export const ERROR_CODES = Object.keys(CATALOGUE) as ErrorCode[];

export function isErrorCode(code: string): code is ErrorCode {
  return Object.prototype.hasOwnProperty.call(CATALOGUE, code);
}

/** HTTP status the server answers a code with. */
export function httpStatusOf(code: ErrorCode): number {
  return CATALOGUE[code][0];
}

/** Text of a code in a language (uk is the default). */
export function errorText(code: ErrorCode, language: 'uk' | 'en' = 'uk'): string {
  const entry = CATALOGUE[code];
  return language === 'en' ? entry[2] : entry[1];
}

/** `{ code: text }` for one language: the i18n `errors` namespace. */
export function errorTexts(language: 'uk' | 'en'): Record<ErrorCode, string> {
  return Object.fromEntries(ERROR_CODES.map((code) => [code, errorText(code, language)])) as Record<ErrorCode, string>;
}
