ALTER TABLE `email_outbox` ADD `next_attempt_at` integer;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `expires_at` integer;