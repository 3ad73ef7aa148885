CREATE TABLE `email_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`email` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_tokens_user` ON `email_tokens` (`user_id`,`purpose`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `secret` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `claim_email` text;--> statement-breakpoint
CREATE INDEX `orders_claim_email` ON `orders` (`claim_email`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_seen_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `email_verified_at` integer;--> statement-breakpoint
-- Accounts that already proved their e-mail: a Google login (verified by Google) or a reset link followed.
UPDATE `users` SET `email_verified_at` = (unixepoch('subsec') * 1000)
  WHERE `id` IN (SELECT `user_id` FROM `oauth_accounts` WHERE `provider` = 'google')
     OR `id` IN (SELECT `user_id` FROM `password_resets` WHERE `used_at` IS NOT NULL);
