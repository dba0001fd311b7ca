-- Money that moves (decisions 5): card orders of the providers, and the answers of money-moving calls
-- kept by their Idempotency-Key. Plain SQL for both PostgreSQL 15 and PGlite.

-- One card top-up. The ledger transaction is written with the order (status pending, no postings) so
-- the wallet lists it at once; the provider's confirmation adds its postings and completes it, a
-- refusal rejects it. `order_id` is what the provider echoes back: callbacks are idempotent by it.
CREATE TABLE payment_orders (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id text NOT NULL UNIQUE,
  provider text NOT NULL CHECK (provider IN ('test', 'liqpay')),
  user_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  -- What the money tops up: the user's wallet (project_id null) or a project's balance.
  project_id integer REFERENCES projects (id) ON DELETE RESTRICT,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE RESTRICT,
  transaction_id integer NOT NULL UNIQUE REFERENCES ledger_transactions (id) ON DELETE RESTRICT,
  -- Minor units: what reaches the balance, the card fee on top, and their sum charged to the card.
  amount bigint NOT NULL CHECK (amount > 0),
  fee bigint NOT NULL CHECK (fee >= 0),
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'rejected')),
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz
);
CREATE INDEX payment_orders_pending_idx ON payment_orders (created_at) WHERE status = 'pending';
CREATE INDEX payment_orders_account_idx ON payment_orders (account_id, transaction_id DESC);

-- The first answer of a money-moving call per (user, Idempotency-Key): the same key with the same
-- request answers it again; with another request, 409. `answer` is null while the first is running.
CREATE TABLE idempotency_keys (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  request_hash text NOT NULL,
  answer text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

-- The operator's payout queue (negayno-admin payouts).
CREATE INDEX ledger_transactions_type_idx ON ledger_transactions (payment_type, status);
