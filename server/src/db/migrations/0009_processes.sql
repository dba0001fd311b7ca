-- Several server processes (issue 18). @socket.io/postgres-adapter passes live events between the
-- processes by NOTIFY; a packet over NOTIFY's 8000-byte limit goes through this table instead (the
-- adapter deletes its rows after 30 s). The name and columns are the adapter's own.
CREATE TABLE socket_io_attachments (
  id bigserial UNIQUE,
  created_at timestamptz DEFAULT now(),
  payload bytea
);

-- Timed jobs that must run once across processes (the workflow scheduler, the chat jobs, the money
-- jobs): each process's timer asks to claim a run, and only the claim that finds the next run due gets
-- it (one conditional upsert: the row lock decides between processes asking at the same moment).
CREATE TABLE job_schedule (
  name text PRIMARY KEY,
  next_run_at timestamptz NOT NULL
);
