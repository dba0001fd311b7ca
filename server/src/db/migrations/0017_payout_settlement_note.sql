-- Issue 31: an operator settles a payout with words the payee sees: the payment reference of a
-- completed payout, the reason of a rejected one (shown as the transaction's settlementNote).
ALTER TABLE ledger_transactions ADD COLUMN settlement_note text;
