import type { PublicUser, TelegramChannel, UserProfile } from '@negayno/shared/contract';
import { sql, type RawBuilder } from 'kysely';
import type { UserRow } from '../../db/schema.js';
import { emailChannelOf } from './repo.js';

/** Seen within this window = shown as online. Sessions mark users as seen at most once a minute. */
const ONLINE_WINDOW_MS = 5 * 60_000;

const AVATAR_URL_PREFIX = '/files/';

export function avatarUrlOf(avatarPath: string | null): string | null {
  return avatarPath ? `${AVATAR_URL_PREFIX}${avatarPath}` : null;
}

/** avatarUrlOf inside a statement that builds its answer as JSON (the board's cards). */
export function avatarUrlIn(avatarPathColumn: string): RawBuilder<string | null> {
  return sql<string | null>`${AVATAR_URL_PREFIX} || nullif(${sql.ref(avatarPathColumn)}, '')`;
}

function isOnline(user: UserRow, now: number): boolean {
  return user.last_seen_at !== null && now - user.last_seen_at.getTime() < ONLINE_WINDOW_MS;
}

export interface ProfileFigures {
  balance: number;
  bonusBalance: number;
  projectCount: number;
  notificationCount: number;
  telegram: TelegramChannel;
}

/** What the profile carries from the policies: the account's permissions and its boards' look. */
export type ProfileRules = Pick<UserProfile, 'can' | 'board'>;

export function toUserProfile(user: UserRow, figures: ProfileFigures, rules: ProfileRules): UserProfile {
  return {
    id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    currency: user.currency,
    doubleSpaces: user.double_spaces,
    avatarUrl: avatarUrlOf(user.avatar_path),
    // The profile is read by its owner, who is here now.
    online: true,
    nickname: user.nickname,
    phone: user.phone,
    country: user.country,
    channels: { telegram: figures.telegram, email: emailChannelOf(user) },
    notifyAllTasks: user.notify_all_tasks,
    color: user.color,
    projectCount: figures.projectCount,
    role: user.role,
    notificationCount: figures.notificationCount,
    balance: figures.balance,
    bonusBalance: figures.bonusBalance,
    canNegayno: user.can_negayno,
    promoCode: user.promo_code,
    language: user.language,
    theme: user.theme,
    can: rules.can,
    board: rules.board,
  };
}

export function toPublicUser(user: UserRow, now = Date.now()): PublicUser {
  return {
    id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    nickname: user.nickname,
    avatarUrl: avatarUrlOf(user.avatar_path),
    online: isOnline(user, now),
    role: user.role,
    color: user.color,
  };
}
