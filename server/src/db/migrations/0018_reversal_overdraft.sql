-- Decisions 5: a card payment the provider reverses after its money was spent is refunded anyway, and
-- the balance goes below zero by the reversed amount at most. An account may go below zero only as far
-- as its overdraft_limit, which only such a refund raises (in its own transaction); every other debit
-- still stops at zero, in the ledger and here.
ALTER TABLE accounts ADD COLUMN overdraft_limit bigint NOT NULL DEFAULT 0 CHECK (overdraft_limit >= 0);
ALTER TABLE accounts DROP CONSTRAINT accounts_check;
ALTER TABLE accounts ADD CONSTRAINT accounts_balance_floor CHECK (kind = 'provider' OR balance >= -overdraft_limit);
