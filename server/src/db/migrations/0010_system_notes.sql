-- Issue 11: a life-cycle line in a task's main chat keeps what happened (the step's key and values) so each
-- reader sees it in their own language; `body` keeps the default language's HTML for everything else.
ALTER TABLE messages ADD COLUMN system_note jsonb;
