/**
 * The demo a fresh install starts with (never in production): one login per role, two projects whose
 * tasks stand in every status (so every column of every role set has cards, and the archive has rows),
 * chats with a little history, and money moved through the ledger as real use would move it.
 * It seeds once: when admin@demo.test exists it does nothing.
 */
import { escapeHtml, type TaskStatus } from '@negayno/shared/contract';
import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import type { StoredUrgency, UserRow } from '../db/schema.js';
import { NO_LISTENERS } from '../infra/realtime/dispatch.js';
import { UnitOfWork, type Unit } from '../infra/realtime/unit-of-work.js';
import { insertInvitation } from '../modules/invitations/index.js';
import { LedgerService } from '../modules/money/index.js';
import { dueColumnOf } from '../modules/tasks/index.js';
import { emailIsTaken } from '../modules/users/index.js';
import {
  addMember,
  attachStaff,
  createChats,
  createDocument,
  createEstimate,
  createProject,
  createTask,
  createUser,
  inviteEmail,
  markRead,
  postMessage,
  type UserInput,
} from './builders.js';

export const DEMO_PASSWORD = 'negayno-demo';

/** Invitation codes anyone trying the demo can register with (any number of times). */
export const DEMO_INVITATION_CODES = [
  { code: 'DEMO-CLIENT', kind: 'client', who: 'client registration (/register)' },
  { code: 'DEMO-PERFORMER', kind: 'performer', who: 'performer registration (/wregister)' },
] as const;

export const DEMO_LOGINS = [
  { email: 'admin@demo.test', who: 'client, administrator and owner of both projects (new.client@demo.test has a pending invitation)' },
  { email: 'user@demo.test', who: 'client, project role user in «Інтернет-магазин»' },
  { email: 'guest@demo.test', who: 'client, guest in «Інтернет-магазин»' },
  { email: 'am@demo.test', who: 'account manager of both projects' },
  { email: 'pm@demo.test', who: 'project manager of both projects' },
  { email: 'sm@demo.test', who: 'sales manager of both projects' },
  { email: 'performer@demo.test', who: 'performer of the tasks from estimation on' },
  { email: 'ops@demo.test', who: 'operator: the console at /ops (a performer account with the operator flag, on no team)' },
] as const;

const PEOPLE: Record<string, UserInput> = {
  admin: { email: 'admin@demo.test', firstname: 'Олена', lastname: 'Коваленко', role: 'user', canNegayno: true },
  user: { email: 'user@demo.test', firstname: 'Андрій', lastname: 'Шевченко', role: 'user' },
  guest: { email: 'guest@demo.test', firstname: 'Марія', lastname: 'Бондаренко', role: 'user' },
  am: { email: 'am@demo.test', firstname: 'Ігор', lastname: 'Мельник', role: 'am' },
  pm: { email: 'pm@demo.test', firstname: 'Світлана', lastname: 'Ткаченко', role: 'pm' },
  sm: { email: 'sm@demo.test', firstname: 'Дмитро', lastname: 'Кравченко', role: 'sm' },
  performer: { email: 'performer@demo.test', firstname: 'Тарас', lastname: 'Олійник', role: 'performer', nickname: 'taras.dev' },
  // The operator (issue 31) is a performer account: an am, pm or sm would be the least-loaded one of
  // their role and take every new project under STAFFING=auto; a performer is on no team. Their last
  // name sorts after the demo performer's, who stays first in the pm's list of performers.
  ops: { email: 'ops@demo.test', firstname: 'Оксана', lastname: 'Шевчук', role: 'performer', nickname: 'ops.desk' },
};

interface DemoTask {
  name: string;
  status: TaskStatus;
  importance: number;
  negayno?: boolean;
  paused?: boolean;
  byUser?: boolean;
  /** Hours until the current step is due (negative: overdue), so the board shows its red and orange cards. */
  dueInHours?: number;
  /** Price of the accepted offer in UAH: moved from the project balance to the task's escrow. */
  escrowUah?: number;
  /** Done and paid out: escrow released to the performer, the sm and the platform. */
  paidOut?: boolean;
  intro: string;
  points: string[];
  link?: { href: string; text: string };
}

const SHOP_TASKS: DemoTask[] = [
  {
    name: 'Сторінка «Про нас»',
    status: 'draft',
    importance: 1,
    byUser: true,
    intro: 'Потрібна проста сторінка про компанію з історією, командою та контактами.',
    points: ['Текст надасть маркетинг до кінця тижня', 'Фото команди у форматі 3:2', 'Карта з адресою шоуруму'],
  },
  {
    name: 'Фільтр товарів за ціною',
    status: 'published',
    importance: 3,
    negayno: true,
    intro: 'Покупці просять фільтр за ціною в каталозі: без нього вони йдуть до конкурентів.',
    points: ['Повзунок «від — до» з полями введення', 'Фільтр зберігається в адресі сторінки', 'Працює разом з іншими фільтрами'],
  },
  {
    name: 'Інтеграція з Новою поштою',
    dueInHours: -2,
    status: 'discussion',
    importance: 4,
    intro: 'Під час оформлення замовлення клієнт має обирати відділення Нової пошти зі списку.',
    points: ['Пошук міста та відділення', 'Розрахунок вартості доставки', 'Номер ТТН у листі клієнту'],
    link: { href: 'https://developers.novaposhta.ua/', text: 'API Нової пошти' },
  },
  {
    name: 'Кошик: збереження між сесіями',
    status: 'estimation',
    importance: 2,
    intro: 'Товари в кошику зникають, якщо закрити браузер. Треба зберігати кошик.',
    points: ['Для гостей: у браузері', 'Для покупців з акаунтом: на сервері', 'Обʼєднання кошиків після входу'],
  },
  {
    name: 'Email-розсилка про знижки',
    status: 'estimated',
    importance: 1,
    intro: 'Щотижнева розсилка з добіркою товарів зі знижкою для підписників.',
    points: ['Шаблон листа у фірмовому стилі', 'Відписка одним кліком', 'Звіт про відкриття листів'],
  },
  {
    name: 'Редизайн картки товару',
    dueInHours: -5,
    status: 'offer',
    importance: 3,
    intro: 'Картка товару застаріла: фото дрібні, характеристики важко знайти.',
    points: ['Галерея з масштабуванням', 'Характеристики у вкладках', 'Блок «Схожі товари»'],
  },
  {
    name: 'Оплата через LiqPay',
    negayno: true,
    dueInHours: 30,
    status: 'in_work',
    importance: 4,
    escrowUah: 18_000,
    intro: 'Підключити онлайн-оплату карткою через LiqPay на кроці оформлення замовлення.',
    points: ['Оплата карткою, Apple Pay і Google Pay', 'Статус оплати в адмінці', 'Повернення коштів із замовлення'],
    link: { href: 'https://www.liqpay.ua/documentation', text: 'Документація LiqPay' },
  },
  {
    name: 'Імпорт каталогу з Excel',
    status: 'in_work',
    importance: 2,
    paused: true,
    intro: 'Менеджери ведуть каталог в Excel і хочуть завантажувати його файлом.',
    points: ['Шаблон файлу з прикладом', 'Звіт про помилки в рядках', 'Оновлення цін без дублювання товарів'],
  },
  {
    name: 'Пошук з підказками',
    dueInHours: 10,
    status: 'testing',
    importance: 2,
    intro: 'Під час введення запиту показувати підказки з назвами товарів і категорій.',
    points: ['Підказки після 2 символів', 'Виправлення розкладки клавіатури', 'Фото товару в підказці'],
  },
  {
    name: 'Мобільна версія головної',
    status: 'review',
    importance: 3,
    intro: 'Понад 70 % відвідувачів заходять з телефона, а головна сторінка на ньому незручна.',
    points: ['Банер на всю ширину', 'Категорії у дві колонки', 'Кнопка кошика завжди видима'],
  },
  {
    name: 'Швидкість завантаження сторінок',
    status: 'rating',
    importance: 1,
    intro: 'Сторінки каталогу завантажуються понад 4 секунди. Мета: до 2 секунд.',
    points: ['Стиснення зображень', 'Кешування списків товарів', 'Відкладене завантаження скриптів'],
  },
  {
    name: 'Банер новорічної акції',
    status: 'archived',
    importance: 2,
    escrowUah: 6_000,
    paidOut: true,
    intro: 'Святковий банер на головній зі зворотним відліком до кінця акції.',
    points: ['Три розміри для різних екранів', 'Таймер до 31 грудня', 'Посилання на сторінку акції'],
  },
  {
    name: 'Старий блог',
    status: 'archived',
    importance: 0,
    intro: 'Перенести статті зі старого блогу на новий сайт.',
    points: ['Задачу скасовано: блог закрили'],
  },
];

const APP_TASKS: DemoTask[] = [
  {
    name: 'Екран онбордингу',
    status: 'draft',
    importance: 2,
    intro: 'Три екрани знайомства із застосунком для нових користувачів.',
    points: ['Ілюстрації від дизайнера', 'Кнопка «Пропустити»', 'Показувати лише один раз'],
  },
  {
    name: 'Темна тема',
    status: 'published',
    importance: 1,
    intro: 'Застосунок має підлаштовуватися під темну тему телефона.',
    points: ['Кольори з дизайн-системи', 'Перемикач у налаштуваннях'],
  },
  {
    name: 'Push-сповіщення про статус замовлення',
    status: 'discussion',
    importance: 3,
    intro: 'Повідомляти покупця, коли замовлення відправлено і коли воно прибуло.',
    points: ['Сповіщення для iOS і Android', 'Налаштування: які сповіщення отримувати', 'Перехід до замовлення з push'],
  },
  {
    name: 'Вхід через Apple ID',
    dueInHours: 6,
    status: 'estimation',
    importance: 2,
    intro: 'App Store вимагає вхід через Apple, якщо є вхід через інші сервіси.',
    points: ['Кнопка на екрані входу', 'Привʼязка до наявного акаунта за email'],
    link: { href: 'https://developer.apple.com/sign-in-with-apple/', text: 'Sign in with Apple' },
  },
  {
    name: 'Офлайн-режим каталогу',
    status: 'estimated',
    importance: 1,
    intro: 'Каталог має відкриватися без інтернету з останніми завантаженими даними.',
    points: ['Кеш на 7 днів', 'Позначка «дані можуть бути застарілими»'],
  },
  {
    name: 'Програма лояльності',
    negayno: true,
    status: 'offer',
    importance: 3,
    intro: 'Бонусні бали за покупки та їх списання під час оплати.',
    points: ['Баланс балів у профілі', 'Нарахування 3 % від суми', 'Історія нарахувань'],
  },
  {
    name: 'Сканер штрихкодів',
    status: 'in_work',
    importance: 2,
    escrowUah: 7_500,
    intro: 'У магазині покупець сканує штрихкод і бачить товар у застосунку.',
    points: ['Камера з підсвіткою', 'Пошук товару за кодом', 'Повідомлення, якщо товару немає'],
  },
  {
    name: 'Історія замовлень',
    status: 'testing',
    importance: 2,
    intro: 'Список усіх замовлень із фільтром за статусом і повторним замовленням.',
    points: ['Пагінація по 20', 'Кнопка «Замовити ще раз»'],
  },
  {
    name: 'Локалізація англійською',
    status: 'review',
    importance: 1,
    intro: 'Переклад інтерфейсу англійською для туристів.',
    points: ['Усі тексти з ресурсів', 'Мова за налаштуваннями телефона'],
  },
  {
    name: 'Аналітика подій',
    status: 'rating',
    importance: 1,
    intro: 'Збирати ключові події: перегляд товару, додавання в кошик, оплата.',
    points: ['Події без персональних даних', 'Звіт воронки продажів'],
  },
  {
    name: 'Прототип у Figma',
    status: 'archived',
    importance: 2,
    intro: 'Клікабельний прототип основних екранів для погодження.',
    points: ['Головна, каталог, картка, кошик'],
  },
  {
    name: 'Публікація в App Store',
    status: 'archived',
    importance: 3,
    intro: 'Підготувати описи, скриншоти та пройти модерацію.',
    points: ['Скриншоти для 3 розмірів екрана', 'Опис українською та англійською'],
  },
];

function dueDates(task: DemoTask): Partial<Record<string, Date>> | undefined {
  const column = dueColumnOf(task.status);
  if (task.dueInHours === undefined || !column) return undefined;
  return { [column]: new Date(Date.now() + task.dueInHours * 3600_000) };
}

function descriptionOf(task: DemoTask): string {
  const parts = [
    `<p>${escapeHtml(task.intro)}</p>`,
    '<p><strong>Що потрібно:</strong></p>',
    `<ul>${task.points.map((point) => `<li>${escapeHtml(point)}</li>`).join('')}</ul>`,
  ];
  if (task.link)
    parts.push(`<p>Довідка: <a href="${escapeHtml(task.link.href)}" target="_blank" rel="noopener noreferrer">${escapeHtml(task.link.text)}</a></p>`);
  return parts.join('');
}

/** What the main chat says on each step (decisions 3: every transition leaves a system message). */
const SYSTEM_MESSAGES: Array<[TaskStatus, string]> = [
  ['discussion', 'Задачу передано на обговорення'],
  ['estimation', 'Задачу передано на оцінку виконавцю'],
  ['estimated', 'Оцінку робіт завершено'],
  ['offer', 'Комерційну пропозицію надіслано клієнту'],
  ['in_work', 'Пропозицію прийнято, задача в роботі'],
  ['testing', 'Роботу передано на перевірку на тестовому сервері'],
  ['review', 'Роботу прийнято на тесті, передано на перевірку на робочому сайті'],
  ['rating', 'Роботу прийнято. Оцініть, будь ласка, виконання'],
  ['archived', 'Задачу перенесено в архів'],
];

const UAH = 100;
/** The invitee's card top-up and the partner bonus on it (the default 5 %, config.ts). */
export const DEMO_INVITEE_TOP_UP_UAH = 5_000;
export const DEMO_BONUS_PERCENT = 5;
const SEED_LOCK_KEY = 7_215_004_002;

type People = Record<keyof typeof PEOPLE, UserRow>;

/** Seeds the demo unless it is there; answers whether it seeded. Nobody has a page open yet: its changes are not told. */
export async function seedDemo(db: Db): Promise<boolean> {
  const units = new UnitOfWork(db, NO_LISTENERS);
  const ledger = new LedgerService(db, units);
  return units.run(async (unit) => {
    const { trx } = unit;
    // Two processes starting at once must not both seed.
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    if (await emailIsTaken(trx, 'admin@demo.test')) return false;

    const people = {} as People;
    for (const [key, input] of Object.entries(PEOPLE)) people[key as keyof People] = await createUser(trx, { ...input, password: DEMO_PASSWORD });
    await trx.updateTable('users').set({ is_operator: true }).where('id', '=', people.ops.id).execute();
    // Everyone has the promo code registering would have given them (the partner tab shows it, issue 33);
    // Андрій came through Олена's: he is the one she invited, and his card top-up earned her bonus.
    for (const [key, person] of Object.entries(people))
      await trx
        .updateTable('users')
        .set({ promo_code: `${key.toUpperCase()}-DEMO` })
        .where('id', '=', person.id)
        .execute();
    await trx.updateTable('users').set({ invited_by: people.admin.id }).where('id', '=', people.user.id).execute();

    const shop = await createProject(trx, { owner: people.admin, name: 'Інтернет-магазин' });
    await addMember(trx, shop, people.user, 'user', { canNegayno: true });
    await addMember(trx, shop, people.guest, 'guest');
    const app = await createProject(trx, { owner: people.admin, name: 'Мобільний застосунок', sortOrder: 1 });
    for (const project of [shop, app]) for (const staff of [people.am, people.pm, people.sm]) await attachStaff(trx, project, staff);

    await ledger.post(
      {
        paymentType: 'deposit',
        currency: 'UAH',
        projectId: shop.id,
        senderId: people.admin.id,
        postings: transfer({ kind: 'provider' }, { kind: 'project', projectId: shop.id }, 50_000 * UAH),
      },
      unit,
    );
    await ledger.post(
      {
        paymentType: 'deposit',
        currency: 'UAH',
        projectId: app.id,
        senderId: people.admin.id,
        postings: transfer({ kind: 'provider' }, { kind: 'project', projectId: app.id }, 12_500 * UAH),
      },
      unit,
    );
    await ledger.post(
      {
        paymentType: 'deposit',
        currency: 'UAH',
        recipientId: people.admin.id,
        postings: transfer({ kind: 'provider' }, { kind: 'user_wallet', userId: people.admin.id }, 1_500 * UAH),
      },
      unit,
    );

    const now = Date.now();
    for (const [project, tasks] of [
      [shop, SHOP_TASKS],
      [app, APP_TASKS],
    ] as const) {
      for (const [index, demo] of tasks.entries()) {
        const at = new Date(now - (tasks.length - index) * 3600_000);
        const reachedEstimation = demo.status !== 'draft' && demo.status !== 'published' && demo.status !== 'discussion';
        const task = await createTask(trx, {
          project,
          author: demo.byUser ? people.user : people.admin,
          status: demo.status,
          name: demo.name,
          description: descriptionOf(demo),
          importance: demo.importance,
          negayno: demo.negayno,
          paused: demo.paused,
          performers: reachedEstimation ? [people.performer] : [],
          at,
          dates: dueDates(demo),
        });
        if (task.date_start_discuss) await seedChats(trx, task.id, demo.status, task.date_start_discuss, people, index);
        // The performer's estimate the offer was written from (the staff's drawer shows it, issue 33).
        if (stepIndex(demo.status) >= stepIndex('estimated'))
          await createEstimate(trx, {
            task,
            performer: people.performer,
            estimate: demo.intro,
            executionTime: 8 * demo.points.length,
            executionTimeBase: 6 * demo.points.length,
            delayStart: 8,
            jobItems: demo.points,
            at,
          });
        if (stepIndex(demo.status) >= stepIndex('offer')) await seedDocuments(trx, task.id, demo, people.sm, at);
        if (demo.escrowUah)
          await seedTaskMoney(
            unit,
            ledger,
            { projectId: project.id, taskId: task.id, name: demo.name, uah: demo.escrowUah, paidOut: demo.paidOut ?? false },
            people,
          );
      }
    }

    // A pending invitation: an email with no account yet, as the users drawer shows it.
    await inviteEmail(trx, shop, 'new.client@demo.test');

    for (const invitation of DEMO_INVITATION_CODES) {
      await insertInvitation(trx, { code: invitation.code, kind: invitation.kind, maxUses: null, expiresAt: null, issuedBy: null, note: 'demo' });
    }

    // The partner program (decisions 5): Андрій, invited by Олена, topped his wallet up by card, and she
    // earned the bonus on it, as payments.ts pays it: the demo's partner tab adds up (issue 33).
    await ledger.post(
      {
        paymentType: 'deposit',
        currency: 'UAH',
        recipientId: people.user.id,
        postings: transfer({ kind: 'provider' }, { kind: 'user_wallet', userId: people.user.id }, DEMO_INVITEE_TOP_UP_UAH * UAH),
      },
      unit,
    );
    await ledger.post(
      {
        paymentType: 'bonus',
        currency: 'UAH',
        senderId: people.user.id,
        recipientId: people.admin.id,
        postings: transfer({ kind: 'provider' }, { kind: 'user_bonus', userId: people.admin.id }, (DEMO_INVITEE_TOP_UP_UAH * DEMO_BONUS_PERCENT * UAH) / 100),
      },
      unit,
    );
    return true;
  });
}

function transfer(from: Parameters<LedgerService['post']>[0]['postings'][number]['account'], to: typeof from, amount: number) {
  return [
    { account: from, amount: -amount },
    { account: to, amount },
  ];
}

/** Accepting an offer moves its price to escrow; accepted work releases it: 70 % performer, 10 % sm, the rest platform. */
async function seedTaskMoney(
  unit: Unit,
  ledger: LedgerService,
  task: { projectId: number; taskId: number; name: string; uah: number; paidOut: boolean },
  people: People,
): Promise<void> {
  const price = task.uah * UAH;
  const escrow = { kind: 'escrow', taskId: task.taskId } as const;
  await ledger.post(
    {
      paymentType: 'taskpayment',
      currency: 'UAH',
      projectId: task.projectId,
      taskId: task.taskId,
      documentName: `КП: ${task.name}`,
      postings: transfer({ kind: 'project', projectId: task.projectId }, escrow, price),
    },
    unit,
  );
  if (!task.paidOut) return;
  const performerShare = Math.round(price * 0.7);
  const smShare = Math.round(price * 0.1);
  await ledger.post(
    {
      paymentType: 'workpayment',
      currency: 'UAH',
      projectId: task.projectId,
      taskId: task.taskId,
      postings: [
        { account: escrow, amount: -price },
        { account: { kind: 'user_wallet', userId: people.performer.id }, amount: performerShare },
        { account: { kind: 'user_wallet', userId: people.sm.id }, amount: smShare },
        { account: { kind: 'platform' }, amount: price - performerShare - smShare },
      ],
    },
    unit,
  );
}

async function seedChats(trx: Db, taskId: number, status: TaskStatus, startedAt: Date, people: People, variety: number): Promise<void> {
  const chats = await createChats(trx, { id: taskId }, startedAt);
  let at = startedAt.getTime();
  const next = () => new Date((at += 20 * 60_000));
  const reached = SYSTEM_MESSAGES.filter(([step]) => stepIndex(step) <= stepIndex(status));

  await postMessage(trx, chats.main, null, reached[0]![1], next());
  const question = await postMessage(trx, chats.main, people.pm, 'Добрий день! Уточніть, будь ласка, чи є приклади, як це має виглядати?', next());
  const answer = await postMessage(
    trx,
    chats.main,
    people.admin,
    'Так, додам посилання на сайт, який нам подобається. Головне — щоб було зручно з телефона.',
    next(),
  );
  // The answer replies to the question, quoting it, and the manager thanks with a reaction (issue 13).
  await trx.updateTable('messages').set({ parent_id: question, quote: 'чи є приклади' }).where('id', '=', answer).execute();
  await trx.insertInto('message_reactions').values({ message_id: answer, user_id: people.pm.id, emoji: '👍' }).execute();
  const brief = await postMessage(trx, chats.work, people.pm, 'Тарасе, глянь, будь ласка, вимоги і дай оцінку до пʼятниці.', next());
  let lastWork = brief;
  if (stepIndex(status) >= stepIndex('estimation')) {
    lastWork = await postMessage(trx, chats.work, people.performer, 'Гляну сьогодні. Орієнтовно 2–3 дні роботи.', next());
    await trx.updateTable('messages').set({ parent_id: brief }).where('id', '=', lastWork).execute();
    await trx.insertInto('message_reactions').values({ message_id: lastWork, user_id: people.pm.id, emoji: '🔥' }).execute();
  }
  let lastMain = answer;
  for (const [, text] of reached.slice(1)) lastMain = await postMessage(trx, chats.main, null, text, next());

  // Some chats are read to the end, others only up to the manager's question: both kinds of card show up.
  const readToEnd = variety % 2 === 0;
  await markRead(trx, chats.main, people.admin, readToEnd ? lastMain : question);
  await markRead(trx, chats.main, people.pm, readToEnd ? lastMain : question);
  await markRead(trx, chats.work, people.pm, lastWork);
}

/** Prices per urgency (Wait, Need, Urgent): each level a fifth dearer and two days sooner than the one before. */
function urgenciesOf(baseUah: number, at: Date): StoredUrgency[] {
  const seconds = Math.floor(at.getTime() / 1000);
  return ([1, 2, 3] as const).map((urgency) => ({
    urgency,
    price: Math.round(baseUah * (1 + (urgency - 1) * 0.2)) * UAH,
    dateDeadline: seconds + (10 - 2 * urgency) * 24 * 3600,
  }));
}

/**
 * The sm's offer and, once it was accepted, the contract made from it. A task waiting for the client's
 * answer has two versions (the second adds a work item and changes the prices), so the version history
 * and its diff have something to show; an accepted offer became a contract at its escrowed price, or
 * "by arrangement" (0) when no money was moved.
 */
async function seedDocuments(trx: Db, taskId: number, demo: DemoTask, sm: UserRow, at: Date): Promise<void> {
  const task = { id: taskId };
  const name = `КП: ${demo.name}`;
  const sent = new Date(at.getTime() - 2 * 3600_000);
  if (demo.status === 'offer') {
    await createDocument(trx, { task, type: 'offer', author: sm, name, workList: demo.points.slice(0, -1), urgencies: urgenciesOf(9_000, sent), at: sent });
    await createDocument(trx, { task, type: 'offer', author: sm, name, workList: demo.points, urgencies: urgenciesOf(11_500, at), at });
    return;
  }
  const price = demo.escrowUah ?? 0;
  const urgencies = urgenciesOf(price || 10_000, sent);
  const offer = await createDocument(trx, { task, type: 'offer', author: sm, name, workList: demo.points, urgencies, at: sent });
  // The client chose "Need" (2); the contract keeps the chosen urgency last, at the escrowed price.
  const chosen = { ...urgencies[1]!, price: price * UAH };
  await createDocument(trx, {
    task,
    type: 'contract',
    author: sm,
    name,
    workList: demo.points,
    urgencies: [urgencies[0]!, urgencies[2]!, chosen],
    cost: price * UAH,
    urgency: chosen.urgency,
    progress: stepIndex(demo.status) > stepIndex('in_work') ? 100 : 40,
    offer: { id: offer },
    dateStart: sent,
    dateDeadline: new Date(chosen.dateDeadline * 1000),
    at,
  });
}

function stepIndex(status: TaskStatus): number {
  return SYSTEM_MESSAGES.findIndex(([step]) => step === status);
}
