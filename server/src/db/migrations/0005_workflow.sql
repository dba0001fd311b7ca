-- The task life cycle (issue 11): estimates, offer versions and the contract, ratings, and what the
-- workflow keeps on a task beside the dates of 0001 (the status an am archived it from).

ALTER TABLE tasks ADD COLUMN archived_from text CHECK (archived_from IN (
  'draft', 'published', 'discussion', 'estimation', 'estimated', 'offer'));
ALTER TABLE tasks ADD COLUMN rating smallint CHECK (rating BETWEEN 1 AND 5);
ALTER TABLE tasks ADD COLUMN review text;
-- Tasks the scheduler sends to testing on their date (decisions 3 "dateAutoSendForCheck").
CREATE INDEX tasks_auto_send_idx ON tasks (date_auto_send_for_check) WHERE status = 'in_work' AND date_auto_send_for_check IS NOT NULL;

-- A performer's estimate (finish-evaluation); the last one is what restore-estimate brings back.
CREATE TABLE task_estimates (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  task_id integer NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  performer_id integer REFERENCES users (id) ON DELETE SET NULL,
  estimate text NOT NULL,
  execution_time integer NOT NULL,
  execution_time_base integer NOT NULL,
  delay_start integer NOT NULL,
  job_items jsonb NOT NULL,
  date_auto_send_for_check timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX task_estimates_task_idx ON task_estimates (task_id, id DESC);

-- Offers (one row per version, the highest version current) and the contract made from the accepted one.
-- urgencies: [{urgency, price, dateDeadline}] in minor units and unix seconds; a contract keeps the chosen one last.
CREATE TABLE task_documents (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  task_id integer NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('offer', 'contract')),
  version integer NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  work_list jsonb NOT NULL,
  urgencies jsonb NOT NULL,
  currency text NOT NULL CHECK (currency IN ('UAH', 'USD', 'GBP', 'EUR')),
  cost bigint NOT NULL DEFAULT 0 CHECK (cost >= 0),
  urgency smallint CHECK (urgency BETWEEN 1 AND 4),
  progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  -- The sm who sent the offer: their commission is paid from the escrow of its contract.
  author_id integer REFERENCES users (id) ON DELETE SET NULL,
  -- The offer a contract was made from.
  offer_id integer REFERENCES task_documents (id) ON DELETE SET NULL,
  date_start timestamptz,
  date_deadline timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (task_id, type, version)
);
