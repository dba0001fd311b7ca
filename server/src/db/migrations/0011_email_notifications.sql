-- Email notifications (issue 14): which groups of events each person gets by email, and whether they get
-- any (the unsubscribe link turns `email_enabled` off). Chat messages go as one digest after a quiet
-- period; the rows are the outbox's ('email' channel of notification_deliveries), claimed per person.
ALTER TABLE users ADD COLUMN email_enabled boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN email_tasks boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN email_chat boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN email_money boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN email_invitations boolean NOT NULL DEFAULT true;

-- The app and Telegram worker no longer scan email rows waiting for their quiet period, and the email
-- worker finds its own rows without scanning theirs.
DROP INDEX notification_deliveries_due_idx;
CREATE INDEX notification_deliveries_due_idx ON notification_deliveries (next_attempt_at, id)
  WHERE status IN ('pending', 'sending') AND channel <> 'email';
CREATE INDEX notification_deliveries_email_due_idx ON notification_deliveries (notification_id)
  WHERE status IN ('pending', 'sending') AND channel = 'email';
