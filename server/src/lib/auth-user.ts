import type { AccountRole } from '@negayno/shared/contract';

/** The signed-in user as every policy sees them (request.user, socket.data.user). */
export interface AuthUser {
  id: number;
  role: AccountRole;
  email: string;
  /** An operator (issue 31): reaches /ops. Absent reads as false. */
  operator?: boolean;
}
