-- Signing accounts: the stable code of the last error, so "needs sign-in" is only said for refused credentials
-- and other errors are named in words (docs/signing.md "Account status").
ALTER TABLE `accounts` ADD `last_error_code` text;--> statement-breakpoint
-- Codes for the errors older versions stored as English text only.
UPDATE `accounts` SET `last_error_code` = CASE
	WHEN `last_error` LIKE 'Mojang is rate limiting%' THEN 'rate_limited'
	WHEN `last_error` LIKE 'Mojang rejected the account token%' THEN 'token_refused'
	WHEN `last_error` LIKE '%(URL mismatch)%' THEN 'url_mismatch'
	WHEN `needs_sign_in_at` IS NOT NULL THEN 'sign_in_revoked'
END WHERE `last_error` IS NOT NULL;
