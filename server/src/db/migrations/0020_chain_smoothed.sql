-- Issue 33 ("the chain, smoothed"). Item 3: a rejected offer version keeps the client's reason, who rejected it and when, so the
-- drawer can label it "Rejected" with them (the system line in the chat said it only once).
ALTER TABLE task_documents ADD COLUMN rejected_by integer REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE task_documents ADD COLUMN rejected_at timestamptz;
ALTER TABLE task_documents ADD COLUMN reject_reason text;

-- Issue 33 item 5: a wallet top-up started from a task's tips dialog returns to that task
-- (`/task/{id}`), not to the board; the test checkout page reads it too.
ALTER TABLE payment_orders ADD COLUMN return_path text;
