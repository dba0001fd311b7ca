-- A project's exports (issue 37): one row per archive asked for. The job that makes it moves `progress`
-- and `updated_at` as it goes (a `running` row left still for long was abandoned by a stopped process),
-- then sets the archive's path on disk and when its link expires.
CREATE TABLE project_exports (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  requested_by integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'ready', 'failed')),
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  file_path text,
  size bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz
);

CREATE INDEX project_exports_requester_idx ON project_exports (project_id, requested_by, id);
CREATE INDEX project_exports_expiry_idx ON project_exports (expires_at) WHERE file_path IS NOT NULL;
