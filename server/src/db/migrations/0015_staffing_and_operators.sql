-- Issue 31: every project gets a team, and operators get a console (decisions 2, "Staffing a project"
-- and "Operators").

-- A deactivated staff account cannot sign in, gets no new assignments and keeps its history.
ALTER TABLE users ADD COLUMN deactivated_at timestamptz;
-- Operators: staff accounts that alone reach /ops (granted and revoked by negayno-admin).
ALTER TABLE users ADD COLUMN is_operator boolean NOT NULL DEFAULT false;

-- A project has at most one staff member per team role: two ams taking the same queued project at
-- once leave exactly one (the second insert violates this and is answered as already taken).
CREATE UNIQUE INDEX project_staff_one_per_role ON project_staff (project_id, role);

-- When the scheduler last reported the project as past the staffing SLA (reported once, not every pass).
ALTER TABLE projects ADD COLUMN staffing_reported_at timestamptz;

-- Every operator action, kept: who, what, on what, and the state before and after.
CREATE TABLE operator_audit (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator_id integer REFERENCES users (id) ON DELETE SET NULL,
  action text NOT NULL,
  target_kind text NOT NULL,
  target_id text,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operator_audit_created_idx ON operator_audit (id DESC);
