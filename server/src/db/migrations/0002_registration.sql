-- Ways in: invitation codes, the server-side progress of the registration and recovery step machines,
-- login-as codes, and the mail outbox. Plain SQL for both PostgreSQL 15 and PGlite.

-- Invitation codes (decisions 2, 5): for clients or performers, single or multi use, optionally
-- expiring, issued by an operator (issued_by null) or by a user. max_uses null = no limit.
CREATE TABLE invitation_codes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('client', 'performer')),
  max_uses integer CHECK (max_uses IS NULL OR max_uses > 0),
  use_count integer NOT NULL DEFAULT 0 CHECK (use_count >= 0),
  expires_at timestamptz,
  issued_by integer REFERENCES users (id) ON DELETE SET NULL,
  note text,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (max_uses IS NULL OR use_count <= max_uses)
);
CREATE UNIQUE INDEX invitation_codes_code_key ON invitation_codes (upper(code));

-- Which invitation code let a user in (a promo code's owner is users.invited_by instead).
ALTER TABLE users ADD COLUMN invitation_code_id integer REFERENCES invitation_codes (id) ON DELETE SET NULL;
CREATE INDEX users_invited_by_idx ON users (invited_by) WHERE invited_by IS NOT NULL;

-- One registration or recovery in progress, bound to an HttpOnly cookie whose HMAC is the key.
-- `step` is the step the server expects next; `data` what the earlier steps established.
CREATE TABLE auth_flows (
  token_hash text PRIMARY KEY,
  machine text NOT NULL CHECK (machine IN ('client', 'invited-client', 'performer', 'restore')),
  step text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}',
  -- The e-mailed confirmation code: only its HMAC, its expiry and the wrong tries against it.
  email_code_hash text,
  email_code_expires_at timestamptz,
  email_code_wrong_tries integer NOT NULL DEFAULT 0,
  -- Bumped by every step: a step that raced another on the same flow finds it moved and is refused.
  revision integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX auth_flows_expires_idx ON auth_flows (expires_at);

-- Login-as codes: one use, 10 minutes, stored as an HMAC.
CREATE TABLE login_codes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  issued_by integer REFERENCES users (id) ON DELETE SET NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_codes_user_idx ON login_codes (user_id);

-- Mail sent while no SMTP server is configured: the operator reads it here (negayno-admin outbox).
CREATE TABLE mail_outbox (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  code text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_recipient_idx ON mail_outbox (lower(recipient), id DESC);
