-- Core tables: people and sessions, projects and their members, tasks, chats, and the money ledger.
-- Written for both PostgreSQL 15 (Debian) and PGlite (PostgreSQL 18): plain SQL only.
-- Ids are int4 identities; money is int8 minor units; dates are timestamptz.

CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  firstname text NOT NULL,
  lastname text NOT NULL,
  nickname text,
  role text NOT NULL CHECK (role IN ('user', 'am', 'pm', 'sm', 'performer')),
  phone text,
  country text NOT NULL DEFAULT 'UA',
  currency text NOT NULL DEFAULT 'UAH' CHECK (currency IN ('UAH', 'USD', 'GBP', 'EUR')),
  language text NOT NULL DEFAULT 'uk' CHECK (language IN ('uk', 'en')),
  theme text NOT NULL DEFAULT 'light' CHECK (theme IN ('light', 'dark')),
  double_spaces boolean NOT NULL DEFAULT false,
  notify_all_tasks boolean NOT NULL DEFAULT false,
  can_negayno boolean NOT NULL DEFAULT false,
  avatar_path text,
  color text NOT NULL,
  -- Partner program: the personal promo code also works as a client invitation code.
  promo_code text,
  invited_by integer REFERENCES users (id) ON DELETE SET NULL,
  last_seen_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE UNIQUE INDEX users_nickname_key ON users (lower(nickname)) WHERE nickname IS NOT NULL;
CREATE UNIQUE INDEX users_promo_code_key ON users (upper(promo_code)) WHERE promo_code IS NOT NULL;

-- Opaque session ids: only their SHA-256 is stored, so a database leak yields no usable cookie.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ip text,
  user_agent text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

-- Attempt counters (login, code checks, code sending) kept in the database so limits survive restarts
-- and hold across server processes.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL DEFAULT 0
);

CREATE TABLE projects (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  currency text NOT NULL DEFAULT 'UAH' CHECK (currency IN ('UAH', 'USD', 'GBP', 'EUR')),
  -- Last task number handed out; incremented under the project's row lock.
  task_seq integer NOT NULL DEFAULT 0,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  archived_at timestamptz,
  deleted_at timestamptz
);

-- Client members of a project. role 'invite' is an existing user's invitation not yet accepted.
CREATE TABLE project_members (
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('administrator', 'user', 'guest', 'invite')),
  can_negayno boolean NOT NULL DEFAULT false,
  is_owner boolean NOT NULL DEFAULT false,
  -- The member's own order of their projects (PUT /project/{id}/update-sort).
  sort_order integer NOT NULL DEFAULT 0,
  invited_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, user_id)
);
CREATE INDEX project_members_user_idx ON project_members (user_id);

-- Invitations to emails that have no account yet; registration by that email joins the project.
CREATE TABLE project_invitations (
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  email text NOT NULL,
  invited_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, email)
);
CREATE INDEX project_invitations_email_idx ON project_invitations (lower(email));

-- Staff attached to a project (am, pm, sm). Performers are attached to tasks.
CREATE TABLE project_staff (
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('am', 'pm', 'sm')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, user_id)
);
CREATE INDEX project_staff_user_idx ON project_staff (user_id);

CREATE TABLE tasks (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  number integer NOT NULL,
  name text NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN (
    'draft', 'published', 'discussion', 'estimation', 'estimated', 'offer',
    'in_work', 'testing', 'review', 'rating', 'archived')),
  author_id integer NOT NULL REFERENCES users (id),
  description text NOT NULL DEFAULT '',
  importance smallint NOT NULL DEFAULT 0 CHECK (importance BETWEEN 0 AND 4),
  negayno boolean NOT NULL DEFAULT false,
  -- Flags beside the status (decisions 3).
  date_pause timestamptz,
  deletion_requested_at timestamptz,
  deletion_reason text,
  -- The dates of spec section 3.
  date_publish timestamptz,
  date_start_discuss timestamptz,
  date_start_calc timestamptz,
  date_send timestamptz,
  date_publish_expiration timestamptz,
  date_discuss_expiration timestamptz,
  date_calc_expiration timestamptz,
  date_send_to_test timestamptz,
  date_send_to_prod timestamptz,
  date_accept_on_test timestamptz,
  date_reject_on_prod timestamptz,
  date_reject_calc timestamptz,
  date_finish_calc timestamptz,
  date_approval timestamptz,
  date_deadline timestamptz,
  date_sub_deadline timestamptz,
  date_offer_expiration timestamptz,
  date_prod_expiration timestamptz,
  date_test_expiration timestamptz,
  date_auto_send_for_check timestamptz,
  date_archived timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Bumped on every change of the task or its card: a card is replaced only by a newer one.
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, number)
);
CREATE INDEX tasks_project_status_idx ON tasks (project_id, status);
CREATE INDEX tasks_archived_idx ON tasks (project_id, date_archived DESC, id DESC) WHERE status = 'archived';

CREATE TABLE task_performers (
  task_id integer NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  assigned_by integer REFERENCES users (id) ON DELETE SET NULL,
  date_finish timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (task_id, user_id)
);
CREATE INDEX task_performers_user_idx ON task_performers (user_id);

CREATE TABLE task_description_history (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  task_id integer NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  author_id integer REFERENCES users (id) ON DELETE SET NULL,
  description text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX task_description_history_task_idx ON task_description_history (task_id, id DESC);

-- A task gets its chats when it enters discussion: 'main' (clients and staff), 'work' (staff and performers).
CREATE TABLE chats (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  task_id integer NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  key text NOT NULL CHECK (key IN ('main', 'work')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (task_id, key)
);

-- A message with no author is a system message.
CREATE TABLE messages (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chat_id integer NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
  author_id integer REFERENCES users (id) ON DELETE SET NULL,
  body text NOT NULL DEFAULT '',
  parent_id integer REFERENCES messages (id) ON DELETE SET NULL,
  quote text,
  date_deadline timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX messages_chat_idx ON messages (chat_id, id DESC);

-- Viewing a message marks it and all earlier ones as viewed: one high-water mark per reader and chat.
CREATE TABLE chat_reads (
  chat_id integer NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  last_viewed_message_id integer NOT NULL DEFAULT 0,
  PRIMARY KEY (chat_id, user_id)
);

-- Money: a double-entry ledger (decisions 5). A balance is the sum of its account's postings,
-- cached in accounts.balance and updated under the account's row lock in the same transaction.
CREATE TABLE accounts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('user_wallet', 'user_bonus', 'project', 'escrow', 'platform', 'provider')),
  user_id integer REFERENCES users (id) ON DELETE RESTRICT,
  project_id integer REFERENCES projects (id) ON DELETE RESTRICT,
  task_id integer REFERENCES tasks (id) ON DELETE RESTRICT,
  currency text NOT NULL DEFAULT 'UAH' CHECK (currency IN ('UAH', 'USD', 'GBP', 'EUR')),
  balance bigint NOT NULL DEFAULT 0,
  -- Only the outside world (the card provider) may go below zero: it is where deposits come from.
  CHECK (kind = 'provider' OR balance >= 0)
);
CREATE UNIQUE INDEX accounts_owner_key ON accounts (kind, coalesce(user_id, 0), coalesce(project_id, 0), coalesce(task_id, 0), currency);

CREATE TABLE ledger_transactions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_type text NOT NULL CHECK (payment_type IN ('payout', 'deposit', 'bank_transfer', 'liqpay', 'tips', 'bonus',
    'workpayment', 'taskpayment', 'projectdeposit', 'projecttransfer', 'refund')),
  status text NOT NULL CHECK (status IN ('pending', 'rejected', 'cancelled', 'completed')),
  amount bigint NOT NULL CHECK (amount >= 0),
  currency text NOT NULL DEFAULT 'UAH',
  project_id integer REFERENCES projects (id) ON DELETE SET NULL,
  task_id integer REFERENCES tasks (id) ON DELETE SET NULL,
  sender_id integer REFERENCES users (id) ON DELETE SET NULL,
  recipient_id integer REFERENCES users (id) ON DELETE SET NULL,
  document_name text,
  -- The provider's order id: callbacks are idempotent by it.
  external_ref text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE postings (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id integer NOT NULL REFERENCES ledger_transactions (id) ON DELETE RESTRICT,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE RESTRICT,
  amount bigint NOT NULL CHECK (amount <> 0),
  balance_before bigint NOT NULL,
  balance_after bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX postings_account_idx ON postings (account_id, id DESC);
CREATE INDEX postings_transaction_idx ON postings (transaction_id);

-- The postings of every transaction sum to zero, checked at commit so a transaction's legs can be
-- written one by one inside it.
CREATE FUNCTION postings_sum_to_zero() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT coalesce(sum(amount), 0) FROM postings WHERE transaction_id = NEW.transaction_id) <> 0 THEN
    RAISE EXCEPTION 'postings of transaction % do not sum to zero', NEW.transaction_id;
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER postings_sum_to_zero
  AFTER INSERT OR UPDATE ON postings
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION postings_sum_to_zero();

-- Client-side failures reported through the beacon (POST /log/new), e.g. a card in rootError.
CREATE TABLE client_logs (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  code text NOT NULL,
  message text NOT NULL,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
