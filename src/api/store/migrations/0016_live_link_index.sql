-- Live account links by user and kind: issuing a link cancels the user's live ones, and must not walk
-- every spent link the account ever had (src/accounts/services/account-links.ts).
CREATE INDEX `account_tokens_live_user_idx` ON `account_tokens` (`user_id`,`kind`) WHERE used_at IS NULL;
