-- Issue 33 item 3: a rejected offer version keeps the client's reason, who rejected it and when, so the
-- drawer can label it "Rejected" with them (the system line in the chat said it only once).
ALTER TABLE task_documents ADD COLUMN rejected_by integer REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE task_documents ADD COLUMN rejected_at timestamptz;
ALTER TABLE task_documents ADD COLUMN reject_reason text;
