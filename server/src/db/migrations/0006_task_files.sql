-- A task's attachments (spec 3 "Task file"). The bytes live in the file store (DATA_DIR/files by
-- default) under storage_key; the row says what they are, as checked on upload.
CREATE TABLE task_files (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  task_id integer NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  author_id integer REFERENCES users (id) ON DELETE SET NULL,
  name text NOT NULL,
  extension text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('video', 'audio', 'image', 'archive', 'design', 'documents')),
  mime text NOT NULL,
  size integer NOT NULL CHECK (size > 0),
  storage_key text NOT NULL UNIQUE,
  thumb_key text,
  color text NOT NULL,
  width integer,
  height integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX task_files_task_idx ON task_files (task_id, id);
