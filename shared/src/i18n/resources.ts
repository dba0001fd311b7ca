/**
 * Every namespace in both languages, bundled together: for tests and for the types only. A page loads
 * them one by one (locale-chunks.ts). The `errors` namespace comes from the contract's catalogue.
 */
import { errorTexts } from '@negayno/shared/contract';
import ukCommon from './locales/uk/common.js';
import enCommon from './locales/en/common.js';
import ukAuth from './locales/uk/auth.js';
import enAuth from './locales/en/auth.js';
import ukBoard from './locales/uk/board.js';
import enBoard from './locales/en/board.js';
import ukTask from './locales/uk/task.js';
import enTask from './locales/en/task.js';
import ukWallet from './locales/uk/wallet.js';
import enWallet from './locales/en/wallet.js';
import ukProfile from './locales/uk/profile.js';
import enProfile from './locales/en/profile.js';
import ukWorkflow from './locales/uk/workflow.js';
import enWorkflow from './locales/en/workflow.js';
import ukChat from './locales/uk/chat.js';
import enChat from './locales/en/chat.js';
import ukOps from './locales/uk/ops.js';
import enOps from './locales/en/ops.js';
import ukSearch from './locales/uk/search.js';
import enSearch from './locales/en/search.js';
import ukImport from './locales/uk/import.js';
import enImport from './locales/en/import.js';

export const resources = {
  uk: {
    common: ukCommon,
    errors: errorTexts('uk'),
    auth: ukAuth,
    board: ukBoard,
    task: ukTask,
    wallet: ukWallet,
    profile: ukProfile,
    workflow: ukWorkflow,
    chat: ukChat,
    ops: ukOps,
    search: ukSearch,
    import: ukImport,
  },
  en: {
    common: enCommon,
    errors: errorTexts('en'),
    auth: enAuth,
    board: enBoard,
    task: enTask,
    wallet: enWallet,
    profile: enProfile,
    workflow: enWorkflow,
    chat: enChat,
    ops: enOps,
    search: enSearch,
    import: enImport,
  },
} as const;

export type Namespace = keyof (typeof resources)['uk'];
